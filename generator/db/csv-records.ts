// Reading an import CSV, streamed: the header must name exactly the fields of
// the record schema (optional ones may be left out), each cell is turned into
// the field's type strictly, and each row is validated. Bad rows are reported
// to `problems` and skipped; the caller decides whether anything is written.
import { createReadStream } from 'node:fs';
import { CsvError, parse, type Info } from 'csv-parse';
import type { z } from 'zod';
import { checkRecord } from './check-record.ts';
import { fileError, importFileProblem } from './file-errors.ts';
import { echo, type Located, type Problems } from './problems.ts';

type Kind = 'number' | 'boolean' | 'string';

interface Column {
  name: string;
  kind: Kind;
  /** May be left out of the header; an empty cell means "not given". */
  optional: boolean;
}

/** A number cell as the import reads it (with Number()); prove-kept.ts reads rates' lines the same way. */
export const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
/** Bounds that turn a hostile or wrong file (/dev/zero, a 50 MB cell) into a clear message. */
export const MAX_CSV_BYTES = 256 * 1024 * 1024;
export const MAX_ROW_CHARS = 64 * 1024;
const EXPECTED: Record<Kind, string> = { number: 'a number', boolean: 'true or false', string: 'text' };

/**
 * Calls `onRecord` for each valid row, in file order, as the file streams in.
 * Resolves when the file is read, or when a bad header or a CSV syntax error
 * stops the reading (both reported to `problems`).
 */
export function readCsv<S extends z.ZodObject>(file: string, schema: S, problems: Problems, onRecord: (record: Located<z.output<S>>) => void): Promise<void> {
  const refused = importFileProblem(file, MAX_CSV_BYTES);
  if (refused !== null) {
    problems.add(1, 'file', refused);
    return Promise.resolve();
  }
  const columns = columnsOf(schema);
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true, max_record_size: MAX_ROW_CHARS });
  const source = createReadStream(file);
  let header: Column[] | undefined;
  // csv-parse tells where a record ends; it starts after the previous one and any skipped lines.
  let previousEnd = 0;
  let previousSkipped = 0;

  return new Promise((resolve, reject) => {
    const finish = (error?: unknown) => {
      source.destroy();
      parser.destroy();
      if (error === undefined) resolve();
      else reject(error);
    };
    // 'data' rather than async iteration: rows parsed before a syntax error must still be seen.
    parser.on('data', ({ record, info }: { record: string[]; info: Info }) => {
      const skipped = info.empty_lines + info.comment_lines;
      const line = previousEnd + 1 + skipped - previousSkipped;
      previousEnd = info.lines;
      previousSkipped = skipped;
      if (!header) {
        header = readHeader(record, columns, line, problems);
        if (!header) finish();
        return;
      }
      const value = readRow(record, header, line, schema, problems);
      try {
        if (value !== undefined) onRecord({ line, value });
      } catch (error) {
        finish(error);
      }
    });
    parser.on('error', (error) => parseFailed(error, previousEnd, problems, finish));
    parser.on('end', () => {
      if (!header) problems.add(1, 'header', `the file is empty; expected the columns ${describeColumns(columns)}`);
      resolve();
    });
    feedParser(file, source, parser, problems, finish);
  });
}

/** A CSV syntax error is the file's problem (at its line, or the one after the last record); any other rejects. */
function parseFailed(error: Error, previousEnd: number, problems: Problems, finish: (error?: unknown) => void): void {
  if (error instanceof CsvError) problems.add(typeof error.lines === 'number' ? error.lines : previousEnd + 1, 'row', error.message);
  finish(error instanceof CsvError ? undefined : error);
}

/** Streams the file into the parser: bytes decoded strictly (invalid UTF-8 is refused, not stored as U+FFFD) and counted. */
function feedParser(
  file: string,
  source: ReturnType<typeof createReadStream>,
  parser: ReturnType<typeof parse>,
  problems: Problems,
  finish: (error?: unknown) => void,
): void {
  source.on('error', (error) => finish(fileError(file, error)));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  let lines = 1;
  let stopped = false;
  const stop = (field: string, message: string) => {
    stopped = true;
    problems.add(lines, field, message);
    finish();
  };
  source.on('data', (data: string | Buffer) => {
    const chunk = data as Buffer;
    if (stopped) return;
    bytes += chunk.length;
    if (bytes > MAX_CSV_BYTES) return stop('file', `is larger than ${MAX_CSV_BYTES / 1024 / 1024} MiB; split it into smaller files`);
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      return stop('file', 'is not valid UTF-8 (at or after this line); save it as UTF-8');
    }
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    if (!parser.write(text)) {
      source.pause();
      parser.once('drain', () => source.resume());
    }
  });
  source.on('end', () => {
    if (stopped) return;
    try {
      parser.end(decoder.decode());
    } catch {
      stop('file', 'is not valid UTF-8 (it ends in the middle of a character); save it as UTF-8');
    }
  });
}

function columnsOf(schema: z.ZodObject): Column[] {
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    kind: kindOf(field as z.ZodType),
    optional: (field as z.ZodType).isOptional(),
  }));
}

function kindOf(field: z.ZodType): Kind {
  let def = field.def as { type: string; innerType?: z.ZodType };
  while (def.innerType) def = def.innerType.def as typeof def;
  if (def.type === 'number' || def.type === 'boolean' || def.type === 'string') return def.type;
  // An enum's values are words; the schema checks which.
  if (def.type === 'enum') return 'string';
  throw new Error(`a ${def.type} field has no CSV form`);
}

function describeColumns(columns: Column[]): string {
  return columns.map((c) => (c.optional ? `${c.name} (optional)` : c.name)).join(', ');
}

function readHeader(names: string[], columns: Column[], line: number, problems: Problems): Column[] | undefined {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const before = problems.count;
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (!byName.has(name)) {
      problems.add(line, name || `column ${i + 1}`, `unknown column; expected ${describeColumns(columns)}`);
    } else if (seen.has(name)) {
      problems.add(line, name, 'column given twice');
    }
    seen.add(name);
  });
  for (const c of columns) if (!c.optional && !seen.has(c.name)) problems.add(line, c.name, 'missing column');
  return problems.count === before ? names.map((name) => byName.get(name)!) : undefined;
}

function readRow<S extends z.ZodObject>(cells: string[], header: Column[], line: number, schema: S, problems: Problems): z.output<S> | undefined {
  if (cells.length !== header.length) {
    problems.add(line, 'row', `has ${cells.length} values, the header has ${header.length} columns`);
    return undefined;
  }
  const input: Record<string, unknown> = {};
  const unreadable = new Set<string>();
  header.forEach((column, i) => {
    const cell = cells[i]!;
    if (cell === '' && column.optional) return;
    const value = convert(cell, column.kind);
    if (value === undefined) {
      unreadable.add(column.name);
      problems.add(line, column.name, `must be ${EXPECTED[column.kind]}, got ${cell === '' ? 'nothing' : echo(cell)}`);
    } else {
      input[column.name] = value;
    }
  });
  const record = checkRecord(schema, input, (field, message) => {
    if (!unreadable.has(field)) problems.add(line, field, message);
  });
  return unreadable.size === 0 ? record : undefined;
}

function convert(cell: string, kind: Kind): string | number | boolean | undefined {
  switch (kind) {
    case 'string':
      return cell;
    case 'number':
      return NUMBER.test(cell) ? Number(cell) : undefined;
    case 'boolean':
      return cell === 'true' ? true : cell === 'false' ? false : undefined;
  }
}
