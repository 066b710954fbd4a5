// The command line: each command turns its flags into one typed call.
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { isRealDate, DATE_EXPECTATION } from './model/dates.ts';
import { LEGACY_UNITS, type LegacyUnit } from './model/legacy-units.ts';
import { type AcceptedJumps, namedSeries } from './db/plausibility.ts';
import { describeUserError, UserError } from './errors.ts';
import { DEFAULT_TIME_ZONE } from './clock.ts';
import { sourcesHelp } from './sources/registry.ts';
import type { FetchResult } from './sources/fetch-days.ts';

const DEFAULT_OUT = 'public';

function parseDate(value: string): string {
  if (!isRealDate(value)) throw new InvalidArgumentError(`must be ${DATE_EXPECTATION}`);
  return value;
}

function parseSiteUrl(value: string): string {
  // An empty NISAB_SITE_URL (a workflow variable not set) is no address.
  if (value === '') return '';
  if (!/^https?:\/\/[A-Za-z0-9.-]+(:[0-9]+)?(\/[A-Za-z0-9._~/-]*)?$/.test(value))
    throw new InvalidArgumentError('must be an http(s) address, e.g. https://nisab.example.org');
  return value.replace(/\/+$/, '');
}

function parseLegacyUnit(value: string): LegacyUnit | '' {
  // An empty NISAB_LEGACY_UNIT (a workflow variable not set) is the default, per gram.
  if (value === '') return '';
  const unit = LEGACY_UNITS.find((known) => known === value);
  if (unit === undefined) throw new InvalidArgumentError(`must be one of ${LEGACY_UNITS.join(', ')} (or left unset: per gram)`);
  return unit;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^[0-9]+$/.test(value) || port > 65535) throw new InvalidArgumentError('must be a port number from 1 to 65535 (0 picks a free one)');
  return port;
}

function parseSeconds(value: string): number {
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || Number(value) <= 0) throw new InvalidArgumentError('must be a number of seconds, e.g. 20 or 0.5');
  return Number(value);
}

function parseAttempts(value: string): number {
  if (!/^[0-9]+$/.test(value) || Number(value) > 10) throw new InvalidArgumentError('must be a whole number of further attempts, 0 to 10');
  return Number(value);
}

function parseDays(value: string): number {
  if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError('must be a whole number of days');
  return Number(value);
}

/** `--accept-jumps FX:LBP` (repeated, or a comma-separated list) collects the series named; the option alone accepts every series. */
function collectSeries(value: string, previous: AcceptedJumps | undefined): AcceptedJumps {
  const named = namedSeries(value);
  if ('unknown' in named) {
    throw new InvalidArgumentError(
      `${JSON.stringify(named.unknown)} names no series: give FX:CODE (e.g. FX:LBP), naira, or a metal's slug (gold, silver), or the option alone for every series`,
    );
  }
  if (previous === true) return true;
  return new Set([...(previous instanceof Set ? previous : []), ...named]);
}

const ACCEPT_JUMPS = '--accept-jumps [series]';
const ACCEPT_JUMPS_HELP =
  'import the figures of these series that move more than the plausibility limit from their neighbours (a real market move): ' +
  'FX:CODE (e.g. FX:LBP), naira, or a metal (gold, silver); repeat it or give a comma-separated list; without a series, every series';

const dbOption = () => new Option('--db <file>', 'the source SQLite database').env('NISAB_DB');

/** Progress on a terminal only: one line, rewritten in place. */
function progressLine(): (line: string) => void {
  if (!process.stderr.isTTY) return () => {};
  return (line) => process.stderr.write(`\r\x1b[K${line}`);
}

export function program(): Command {
  const cli = new Command('nisab-api')
    .description('Builds, checks and serves the static JSON API of gold and silver rates and Zakat Nisab rules.')
    .showHelpAfterError();

  addDatabaseCommands(cli);
  addRecordCommands(cli);
  addFetchCommand(cli);
  addBuildCommands(cli);
  addCheckCommands(cli);
  addServeCommands(cli);
  return cli;
}

/** init and import: a database and what goes into it. */
function addDatabaseCommands(cli: Command): void {
  cli
    .command('init')
    .description('Create a source database, or migrate an older one to the current schema.')
    .addOption(dbOption().makeOptionMandatory())
    .addHelpText('after', '\nExample:\n  npm run cli -- init --db rates.sqlite')
    .action(runInit);

  cli
    .command('import')
    .description(
      'Load a CSV (categories, subcategories, sources, rates, currencies, fx, fx-monthly, nigeria-calendar, announcements) or JSON (nisab) file; all rows or none. rates, fx and fx-monthly take several files (a folder of month or year files), all or none.',
    )
    .argument('<kind>', 'categories | subcategories | sources | rates | currencies | fx | fx-monthly | nisab | nigeria-calendar | announcements')
    .argument('<file...>', 'the file to load (rates, fx, fx-monthly: one or more, in order)')
    .addOption(dbOption().makeOptionMandatory())
    .option(ACCEPT_JUMPS, ACCEPT_JUMPS_HELP, collectSeries)
    .option(
      '--accept-sighting-difference',
      "nigeria-calendar: import months whose declared first day is more than a day from Umm al-Qura's, when their reports say so (a first day after tomorrow is always refused)",
    )
    .addOption(
      new Option('--time-zone <name>', 'IANA time zone of today (a declared month may begin tomorrow, not later)')
        .env('NISAB_TIME_ZONE')
        .default(DEFAULT_TIME_ZONE),
    )
    .addHelpText(
      'after',
      '\nExample:\n  npm run cli -- import rates today.csv --db rates.sqlite\n  npm run cli -- import fx data/fx/2026-09.csv --db rates.sqlite\n  npm run cli -- import fx-monthly data/fx-monthly/*.csv --db rates.sqlite',
    )
    .action(runImport);
}

/** calendar add and delete: one record at a time. */
function addRecordCommands(cli: Command): void {
  cli
    .command('calendar')
    .description("Nigeria's declared Hijri months (docs/calendar.md).")
    .addHelpText('after', '\nExample:\n  npm run cli -- calendar add --help')
    .command('add')
    .description(
      'Add a month the Sultan of Sokoto declared to data/calendar-nigeria.csv and its report to data/sources.csv (both or neither), after checking it against its neighbours, Umm al-Qura and the clock.',
    )
    .argument('<month>', 'the Hijri year and month, YYYY-MM (1448-06: Jumada al-Akhirah 1448)')
    .argument('<first-day>', 'its first day as declared, YYYY-MM-DD')
    .option('--source <url>', 'the report of the declaration a reader can open (required)')
    .option(
      '--title <text>',
      'who reported it and when, e.g. "Daily Trust, 2026-11-21: the Sultan of Sokoto declares 1 Jumada al-Akhirah 1448 AH" (default: the URL\'s host)',
    )
    .option(
      '--accept-sighting-difference',
      "add it although its first day is more than a day from Umm al-Qura's, because the report says so (a first day after tomorrow is always refused)",
    )
    .option('--data <dir>', 'the folder of calendar-nigeria.csv and sources.csv', 'data')
    .addOption(new Option('--time-zone <name>', 'IANA time zone of today').env('NISAB_TIME_ZONE').default(DEFAULT_TIME_ZONE))
    .addHelpText(
      'after',
      '\nExample (the shape, not a real declaration):\n  npm run cli -- calendar add 1448-07 2026-12-10 --source https://dailytrust.com/... --title "Daily Trust, 2026-12-09: the Sultan of Sokoto declares 1 Rajab 1448 AH"',
    )
    .action(runCalendarAdd);

  cli
    .command('delete')
    .description('Remove one stored rate (e.g. one a build refuses, with the command it names); with --write-csv, from its month file too.')
    .argument('<kind>', 'rate (the only kind; other records are corrected by importing them again)')
    .addOption(dbOption().makeOptionMandatory())
    .requiredOption('--subcategory <id>', "the rate's subcategory: its ID or slug")
    .addOption(new Option('--date <day>', "the rate's date, YYYY-MM-DD").argParser(parseDate).makeOptionMandatory())
    .option('--write-csv <dir>', 'also remove it from the month file of this folder that keeps it (e.g. data/daily); both or neither')
    .addHelpText('after', '\nExample:\n  npm run cli -- delete rate --subcategory 1 --date 0202-01-31 --db rates.sqlite --write-csv data/daily')
    .action(runDelete);
}

/** fetch: the sources into the database. */
function addFetchCommand(cli: Command): void {
  cli
    .command('fetch')
    .description(
      "Fetch a day's (or a range's) gold, silver, naira and other currencies' rates from the configured sources and import them (all days or none); one line per day.",
    )
    .addOption(dbOption().default(undefined, 'the embedded default data'))
    .addOption(new Option('--date <day>', 'the day: YYYY-MM-DD, today or yesterday (default: today in --time-zone)').conflicts(['from', 'to']))
    .option('--from <day>', 'the first day of a range (back-filling): YYYY-MM-DD, today or yesterday')
    .option('--to <day>', 'the last day of the range (default: today)')
    .addOption(new Option('--time-zone <name>', 'IANA time zone of today').env('NISAB_TIME_ZONE').default(DEFAULT_TIME_ZONE))
    .addOption(
      new Option(
        '--revisit <n>',
        "also fetch the n days before the first again: a provisional naira rate (carried, or a price source's) is replaced once the official one appears; a stored rate is never replaced by one that ranks below it (official, carried, market)",
      ).argParser(parseDays),
    )
    .addOption(
      new Option(
        '--fill-gaps',
        'fetch every day without a rate since the daily series began (or --since) up to yesterday, from every source in turn; list the days no source has',
      ).conflicts(['date', 'from', 'to', 'revisit']),
    )
    .addOption(new Option('--since <day>', 'with --fill-gaps: the first day to look at (default: the first day a price source priced)').argParser(parseDate))
    .option('--dry-run', 'fetch and check everything, print what would change, write nothing')
    .option('--write-csv <dir>', 'also keep the imported rows as text, one CSV per month in this folder (the nightly commits data/daily)')
    .option(
      '--write-fx-csv <dir>',
      "also keep the day's rates per US dollar of every national currency as text, one CSV per month (the nightly commits data/fx)",
    )
    .option(ACCEPT_JUMPS, ACCEPT_JUMPS_HELP, collectSeries)
    .option(
      '--summary <file>',
      'append the sources not configured and the series the plausibility gate refused, if any, to this file in Markdown (the nightly passes $GITHUB_STEP_SUMMARY)',
    )
    .addOption(new Option('--timeout <seconds>', 'per request').argParser(parseSeconds).default(20))
    .addOption(
      new Option('--retries <n>', 'further attempts of a request that got no answer, a slow body, a 429 or a 5xx (0 to 10)')
        .argParser(parseAttempts)
        .default(2),
    )
    .addHelpText(
      'after',
      `${sourcesHelp()}` +
        '\n\nExample:\n  npm run cli -- fetch --from yesterday --to today --revisit 7 --write-csv data/daily --write-fx-csv data/fx' +
        '\n  npm run cli -- fetch --from 2026-09-01 --to 2026-09-30 --db rates.sqlite --dry-run' +
        '\n  npm run cli -- fetch --fill-gaps --since 2024-03-02 --write-csv data/daily --write-fx-csv data/fx',
    )
    .action(runFetch);
}

/** legacy-check and build. */
function addBuildCommands(cli: Command): void {
  cli
    .command('legacy-check')
    .description(
      "Set an answer saved from dailynisab.org's /index.php/api/v1/rates/latest beside ours for its drtDate: which unit its drtInUSD is in (per gram or per troy ounce) and every field that differs (docs/going-live.md).",
    )
    .argument('<file-or-url>', 'the saved answer (a file), or its http(s) address where this machine can reach it')
    .option('--out <dir>', 'the built snapshot to compare with', DEFAULT_OUT)
    .addHelpText('after', '\nExample:\n  npm run cli -- legacy-check saved-latest.json --out public')
    .action(async (source: string, options: { out: string }) => {
      const { legacyCheck, describeLegacyCheck } = await import('./snapshot/legacy-check.ts');
      for (const line of describeLegacyCheck(source, await legacyCheck(source, options.out))) console.log(line);
    });

  cli
    .command('build')
    .description('Build the snapshot of a database into a folder, atomically (the old snapshot serves until the new one is whole).')
    .addOption(dbOption().default(undefined, 'the embedded default data'))
    .option('--out <dir>', 'the folder to publish into', DEFAULT_OUT)
    .addOption(new Option('--as-of <date>', 'publish records dated up to this day (default: today in --time-zone)').argParser(parseDate))
    .addOption(new Option('--time-zone <name>', 'IANA time zone of the as-of date').env('NISAB_TIME_ZONE').default(DEFAULT_TIME_ZONE))
    .addOption(
      new Option('--max-age-days <n>', 'warn when the newest rate of any subcategory with daily rates is older than this').argParser(parseDays).default(3),
    )
    .option('--strict', 'fail (publishing nothing) instead of warning about a stale feed')
    .option('--nginx-prefix <dir>', 'then write the nginx site of this prefix again for the new snapshot and reload nginx')
    .addOption(
      new Option('--site-url <url>', "the site's public address, which the text answers to forward end with (v1/text/)")
        .argParser(parseSiteUrl)
        .env('NISAB_SITE_URL'),
    )
    .addOption(
      new Option(
        '--legacy-unit <unit>',
        `make /index.php/api/v1 answer /rates/latest and /rates in this unit (${LEGACY_UNITS.join(', ')}) when a request gives none, as unit= does (for legacy clients that read drtInUSD so; docs/going-live.md). Default: per gram, the same bytes as /api/v1`,
      )
        .argParser(parseLegacyUnit)
        .env('NISAB_LEGACY_UNIT'),
    )
    .addHelpText('after', '\nExample:\n  npm run cli -- build --db rates.sqlite --out public --as-of 2025-08-31')
    .action(runBuild);
}

/** verify and purge-list: what a built snapshot holds. */
function addCheckCommands(cli: Command): void {
  cli
    .command('verify')
    .description(
      'Check a built snapshot against the contract: every file, its schema, its hash and its size (at most 25 MiB, what the CDN serves as one file), and the files against each other.',
    )
    .option('--out <dir>', 'the snapshot folder', DEFAULT_OUT)
    .option(
      '--changed',
      'read only the files that differ from what the last whole verify read (its record in the snapshot store), the files that name them and the parts that must agree with them; without such a record, every file',
    )
    .addHelpText('after', '\nExample:\n  npm run cli -- verify --out public\n  npm run cli -- verify --out public --changed')
    .action(runVerify);

  cli
    .command('purge-list')
    .description(
      "List the URL paths a snapshot changed or removed since the one before it (its manifest's changed and removed), for purging caches in front of the site.",
    )
    .option('--out <dir>', 'the snapshot folder', DEFAULT_OUT)
    .option('--file <file>', 'write the list there, one path a line (default: print it)')
    .option('--summary <file>', 'append a Markdown summary to this file (the nightly passes $GITHUB_STEP_SUMMARY)')
    .addHelpText('after', '\nExample:\n  npm run cli -- purge-list --out public --file purge-list.txt')
    .action(runPurgeList);
}

/** preview and nginx: serving a snapshot. */
function addServeCommands(cli: Command): void {
  cli
    .command('preview')
    .description('Serve a snapshot on 127.0.0.1 with the same routing as the edge.')
    .option('--dir <dir>', 'the snapshot folder', DEFAULT_OUT)
    .addOption(new Option('--port <n>', 'the port').argParser(parsePort).env('PORT').default(8080))
    .addHelpText('after', '\nExample:\n  npm run cli -- preview --dir public --port 8080')
    .action(runPreview);

  cli
    .command('nginx')
    .description('Write PREFIX/nginx.conf (with its njs module) for an nginx site that serves a snapshot on 127.0.0.1 with the same answers as the edge.')
    .option('--dir <dir>', 'the snapshot folder', DEFAULT_OUT)
    .addOption(new Option('--port <n>', 'the port').argParser(parsePort).env('PORT').default(8080))
    .requiredOption('--prefix <dir>', 'the nginx prefix: the configuration, pid, logs, temp files and answer cache go here')
    .addHelpText(
      'after',
      '\nNeeds nginx with the njs module (Debian: apt-get install nginx libnginx-mod-http-js); runs as any user.' +
        '\nAfter each build, build --nginx-prefix PREFIX writes it again and reloads nginx (until then njs answers everything).' +
        "\n\nExample:\n  npm run cli -- nginx --dir public --port 8080 --prefix /srv/nisab-nginx\n  nginx -p /srv/nisab-nginx -c nginx.conf -g 'daemon off;'",
    )
    .action(runNginx);
}

interface FetchOptions {
  db?: string;
  date?: string;
  from?: string;
  to?: string;
  revisit?: number;
  fillGaps?: boolean;
  since?: string;
  timeZone: string;
  dryRun?: boolean;
  writeCsv?: string;
  writeFxCsv?: string;
  acceptJumps?: AcceptedJumps;
  summary?: string;
  timeout: number;
  retries: number;
}

interface BuildOptions {
  db?: string;
  out: string;
  asOf?: string;
  timeZone: string;
  maxAgeDays: number;
  strict?: boolean;
  nginxPrefix?: string;
  siteUrl?: string;
  legacyUnit?: LegacyUnit | '';
}

async function runInit(options: { db: string }): Promise<void> {
  const { initDatabase } = await import('./db/open.ts');
  const { from, to, restored } = initDatabase(options.db);
  if (from !== to) console.log(`${options.db}: schema version ${from} -> ${to}`);
  else if (restored.length === 0) console.log(`${options.db}: schema version ${to}, nothing to do`);
  for (const id of restored) console.log(`${options.db}: restored the built-in source ${id}`);
}

async function runImport(
  kind: string,
  files: string[],
  options: { db: string; acceptJumps?: AcceptedJumps; acceptSightingDifference?: boolean; timeZone: string },
): Promise<void> {
  const { importFiles } = await import('./db/import-file.ts');
  const { describeImport } = await import('./db/import-summary.ts');
  const { todayIn } = await import('./clock.ts');
  const summaries = await importFiles(kind, files, options.db, {
    acceptJumps: options.acceptJumps ?? false,
    acceptSightingDifference: options.acceptSightingDifference ?? false,
    today: todayIn(options.timeZone),
  });
  for (const summary of summaries) console.log(describeImport(summary));
}

async function runCalendarAdd(
  month: string,
  firstDay: string,
  options: { source?: string; title?: string; acceptSightingDifference?: boolean; data: string; timeZone: string },
): Promise<void> {
  const { addDeclaredMonth } = await import('./db/calendar-files.ts');
  const { todayIn, checkTimeZone } = await import('./clock.ts');
  const { calendar } = await import('./site/i18n/en.ts');
  const added = await addDeclaredMonth({
    dataDir: options.data,
    month,
    firstDay,
    source: options.source,
    title: options.title,
    today: todayIn(checkTimeZone(options.timeZone)),
    acceptSightingDifference: options.acceptSightingDifference ?? false,
    names: calendar,
  });
  console.log(
    `added ${month} beginning ${firstDay} (Umm al-Qura: ${added.ummAlQura ?? 'outside its table'}) with source ${added.sourceId}; wrote ${added.files.join(' and ')}`,
  );
}

async function runDelete(kind: string, options: { db: string; subcategory: string; date: string; writeCsv?: string }): Promise<void> {
  if (kind !== 'rate')
    throw new UserError(`cannot delete ${JSON.stringify(kind)}: only a rate is deleted this way; correct other records in their file and import it again`);
  const { deleteRate } = await import('./db/delete-rate.ts');
  const deleted = await deleteRate(options);
  console.log(`${options.db}: deleted rate ${deleted.drtID} (subcategory ${deleted.subcategoryID} on ${options.date})`);
  if (options.writeCsv !== undefined) console.log(deleted.file ? `wrote ${deleted.file}` : `${options.writeCsv}: no month file kept it`);
}

async function runFetch(options: FetchOptions): Promise<void> {
  const { fetchRange } = await import('./sources/fetch-range.ts');
  const { todayIn, checkTimeZone } = await import('./clock.ts');
  const { ensureDefaultDatabase } = await import('./db/default-db.ts');
  const today = todayIn(checkTimeZone(options.timeZone));
  if (options.since !== undefined && !options.fillGaps) throw new UserError('--since goes with --fill-gaps');
  if (!options.db && !options.writeCsv && !options.dryRun) {
    console.error(
      'warning: without --db or --write-csv the rows go only into the default database, which holds data/ and nothing else (the next command that uses it finds rows that are not in data/ and rebuilds it without them); keep them with --write-csv data/daily',
    );
  }
  const db = options.db || (await ensureDefaultDatabase(undefined, undefined, (line) => console.error(line)));
  // Every row it imports kept in data/'s own month files too: the default database will still hold what
  // data/ gives, and when it was proved (stamped) before, the build after this need not prove it again.
  const { DATA_DIR } = await import('./db/default-db.ts');
  const inData = (dir: string | undefined, sub: string) => dir !== undefined && path.resolve(dir) === path.join(DATA_DIR, sub);
  const stamps = await import('./db/proved-stamp.ts');
  const { openDatabase } = await import('./db/open.ts');
  const keepsStamp =
    !options.db &&
    !options.dryRun &&
    inData(options.writeCsv, 'daily') &&
    inData(options.writeFxCsv, 'fx') &&
    (await stamps.isStamped(db, (file) => openDatabase(file)));
  const fetch = fetchRun(db, today, options);
  let failed = 0;
  if (!options.fillGaps) await fetch(fetchRange(options, today));
  else {
    const { fillGaps } = await import('./sources/fill-gaps.ts');
    const report = await fillGaps({
      db,
      since: options.since,
      yesterday: fetchRange({ date: 'yesterday' }, today)[0]!,
      dryRun: options.dryRun ?? false,
      fetch,
    });
    for (const line of report.lines) console.log(line);
    failed = report.failed;
  }
  if (keepsStamp) await stamps.stampWritten(db, (file) => openDatabase(file));
  await warnUndeclaredMonth(db, today);
  if (failed > 0) throw new UserError(`${failed} of the days without a rate could not be imported (listed above); the days imported are kept`);
}

/** One fetch of some days (all of a range, or one run of --fill-gaps), printing what it did. */
function fetchRun(db: string, today: string, options: FetchOptions): (dates: readonly string[]) => Promise<FetchResult> {
  return async (dates) => {
    const { fetchDays } = await import('./sources/fetch-days.ts');
    const { sourceUrls } = await import('./sources/registry.ts');
    const result = await fetchDays({
      db,
      dates,
      ...sourceUrls(process.env),
      policy: { timeoutMs: options.timeout * 1000, retries: options.retries, retryDelayMs: 500 },
      dryRun: options.dryRun ?? false,
      acceptJumps: options.acceptJumps ?? false,
      today,
      writeCsv: options.writeCsv,
      writeFxCsv: options.writeFxCsv,
      warn: (line) => console.error(`warning: ${line}`),
    });
    for (const line of result.notConfigured) console.log(line);
    for (const line of result.lines) console.log(line);
    for (const file of new Set(result.written)) console.log(`wrote ${file}`);
    // Last, so a log (the nightly's) ends with what needs the operator.
    for (const line of result.refused) console.log(line);
    if (options.summary && (result.refused.length > 0 || result.notConfigured.length > 0)) await appendFetchSummary(options.summary, result);
    return result;
  };
}

/** The sources not configured and the series refused, in Markdown (the nightly's step summary). */
async function appendFetchSummary(summary: string, result: FetchResult): Promise<void> {
  const { appendFile } = await import('node:fs/promises');
  const refused = result.refused.map((line) => (line.startsWith('  ') ? `  - ${line.trim()}` : `- **${line}**`));
  const sections = [
    ...(result.notConfigured.length > 0 ? [`### fetch: sources not configured\n\n${result.notConfigured.map((line) => `- ${line}`).join('\n')}\n\n`] : []),
    ...(refused.length > 0 ? [`### fetch refused a series\n\n${refused.join('\n')}\n\n`] : []),
  ];
  await appendFile(summary, sections.join('')).catch((error: NodeJS.ErrnoException) => {
    throw new UserError(`${summary}: cannot write there (${error.code ?? error.message}); the fetched rows are imported`);
  });
}

/** The nightly's reminder of the operator's monthly step (docs/calendar.md). */
async function warnUndeclaredMonth(db: string, today: string): Promise<void> {
  const { openDatabase } = await import('./db/open.ts');
  const { undeclaredMonthWarning } = await import('./model/declared-month.ts');
  const { calendar } = await import('./site/i18n/en.ts');
  const read = openDatabase(db, { readonly: true });
  try {
    const declared = read.prepare('SELECT calMonth FROM calendar_nigeria').pluck().all() as string[];
    const undeclared = undeclaredMonthWarning(declared, today, calendar.hijriMonths);
    if (undeclared !== null) console.error(`warning: ${undeclared}`);
  } finally {
    read.close();
  }
}

async function runBuild(options: BuildOptions): Promise<void> {
  const { buildSnapshot } = await import('./snapshot/build.ts');
  const { todayIn, checkTimeZone, checkAsOfNotFuture, clockNow } = await import('./clock.ts');
  const { ensureDefaultDatabase } = await import('./db/default-db.ts');
  const progress = progressLine();
  const timeZone = checkTimeZone(options.timeZone);
  const summary = await buildSnapshot({
    db: options.db || (await ensureDefaultDatabase(undefined, undefined, (line) => console.error(line))),
    out: options.out,
    asOf: options.asOf === undefined ? todayIn(timeZone) : checkAsOfNotFuture(options.asOf, timeZone),
    timeZone,
    maxAgeDays: options.maxAgeDays,
    strict: options.strict ?? false,
    now: clockNow(timeZone),
    log: (line) => console.error(line),
    progress,
    siteUrl: options.siteUrl || null,
    legacyUnit: options.legacyUnit || null,
  });
  progress('');
  for (const warning of summary.warnings) console.error(`warning: ${warning}`);
  const mb = (summary.bytes / 1e6).toFixed(1);
  console.log(
    `built ${options.out}: ${summary.files} files, ${mb} MB, ${summary.changed} changed, ${summary.removed} removed, ${summary.seconds.toFixed(2)} s`,
  );
  if (options.nginxPrefix) {
    const { refreshNginxSite } = await import('./edges/nginx/site.ts');
    const { site, reloaded } = await refreshNginxSite(options.nginxPrefix);
    if (site.note) console.error(site.note);
    console.log(
      reloaded
        ? `nginx site ${site.prefix}: written for ${site.tree} and reloaded`
        : `nginx site ${site.prefix}: written for ${site.tree} (nginx is not running; start it with: nginx -p ${site.prefix} -c nginx.conf -g 'daemon off;')`,
    );
  }
}

async function runVerify(options: { out: string; changed?: boolean }): Promise<void> {
  const { verifyTree } = await import('./snapshot/verify.ts');
  const { problems, files, read, note } = await verifyTree(options.out, { changed: options.changed === true });
  const shown = 100;
  if (note) console.error(`note: ${note}`);
  if (problems.length > shown)
    throw new UserError(`${options.out}: ${problems.length} problems in ${files} files (the first ${shown} shown)`, problems.slice(0, shown));
  if (problems.length > 0) throw new UserError(`${options.out}: ${problems.length} problems in ${files} files`, problems);
  console.log(`${options.out}: ${files} files, all good${read.length + 1 < files ? ` (${read.length + 1} read)` : ''}`);
}

async function runPurgeList(options: { out: string; file?: string; summary?: string }): Promise<void> {
  const { purgeList } = await import('./snapshot/purge-list.ts');
  const { appendFile, writeFile } = await import('node:fs/promises');
  const list = await purgeList(options.out);
  const cannot = (file: string) => (error: NodeJS.ErrnoException) => {
    throw new UserError(`${file}: cannot write there (${error.code ?? error.message})`);
  };
  if (options.summary) await appendFile(options.summary, list.summary).catch(cannot(options.summary));
  if (!options.file) return void process.stdout.write(list.text);
  await writeFile(options.file, list.text).catch(cannot(options.file));
  console.log(`wrote ${options.file}: ${list.changed} changed and ${list.removed} removed paths of the snapshot as of ${list.asOf}`);
}

async function runPreview(options: { dir: string; port: number }): Promise<void> {
  const { startPreview } = await import('./edges/preview/server.ts');
  // Serving a folder that is not there would answer 503 forever: refuse to start.
  const { existsSync, statSync } = await import('node:fs');
  if (!existsSync(options.dir) || !statSync(options.dir).isDirectory()) {
    throw new UserError(
      `--dir ${options.dir}: no snapshot there; build one first (npm run cli -- build --out ${options.dir}) or name the folder a build published`,
    );
  }
  const server = await startPreview({ dir: options.dir, port: options.port, log: (line) => console.log(line) }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      throw new UserError(`port ${options.port} is in use; stop what listens there or choose another with --port (0 picks a free one)`);
    if (error.code === 'EACCES') throw new UserError(`port ${options.port} needs privileges this user lacks; choose one above 1023 with --port`);
    throw error;
  });
  console.log(`serving ${options.dir} on ${server.url} (Ctrl-C stops)`);
  const stop = () => void server.close().then(() => console.log('stopped'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function runNginx(options: { dir: string; port: number; prefix: string }): Promise<void> {
  const { writeNginxSite } = await import('./edges/nginx/site.ts');
  // nginx.conf names both folders; its language cannot hold these characters in a path.
  for (const [flag, value] of [
    ['--prefix', options.prefix],
    ['--dir', options.dir],
  ] as const) {
    if (/['\\$\n]/.test(path.resolve(value))) {
      throw new UserError(`${flag} ${value}: nginx's configuration cannot name a path with ' $ \\ or a line break in it; choose a folder without them`);
    }
  }
  const site = await writeNginxSite(options);
  if (site.note) console.error(site.note);
  console.log(`wrote ${site.conf}: ${options.dir} on 127.0.0.1:${options.port}, ${site.fastAnswers} single-file answers without njs`);
  console.log(`start it with: nginx -p ${site.prefix} -c nginx.conf -g 'daemon off;'`);
}

/** What a command stopped by SIGINT or SIGTERM before it commits leaves (preview stops on them itself). */
const STOPPED: { [command: string]: string } = {
  init: 'the database is as it was',
  import: 'nothing was imported; the database is as it was',
  delete: 'nothing was deleted; the database and the month files are as they were',
  fetch: 'nothing fetched was imported; the database and the month files are as they were',
  build: 'nothing was published; --out serves what it served before',
  verify: 'nothing was changed',
  'purge-list': 'the list was not written',
  nginx: 'the site was not written',
};

export async function main(argv: string[]): Promise<void> {
  const { stopOnSignals } = await import('./stopping.ts');
  const command = argv.find((arg) => !arg.startsWith('-'));
  const ended = command !== undefined && command in STOPPED ? stopOnSignals(STOPPED[command]!) : () => {};
  try {
    await program().parseAsync(argv, { from: 'user' });
  } catch (error) {
    process.exitCode = 1;
    if (error instanceof UserError) console.error(`error: ${describeUserError(error)}`);
    else console.error(`internal error: ${(error as Error).message ?? error} (please report this; set DEBUG=1 for details)`);
    if (process.env.DEBUG && !(error instanceof UserError)) console.error(error);
  }
  ended();
}
