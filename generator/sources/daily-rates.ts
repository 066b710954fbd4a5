// What a fetched day becomes: one rate row per metal its price source prices
// (which field prices which metal is the source's registry entry), stamped with
// that source's id, with the first naira source's rate that answers (the CBN's
// official rate, the one Nigerian zakat bodies value the Nisab at, of that day or
// carried from an earlier working day), else the price source's own market
// rate. Nothing is interpolated.
import type { RateInput } from '../model/schemas.ts';
import type { NairaFigure } from './cbn.ts';
import type { PriceSourceEntry } from './registry.ts';
import { SourceError, type PriceDay } from './source.ts';

/** Subcategory id by slug, for the metals the price sources price. */
export type MetalIds = Readonly<Record<string, number>>;

function figure(source: PriceSourceEntry, day: PriceDay, field: string): number {
  const value = day.figures[field];
  if (value === undefined) throw new SourceError(`${source.name} gave no ${field} for ${day.date}`);
  return value;
}

/** The price source's own naira per US dollar (a market reference rate), when it publishes one. */
export function ownNaira(source: PriceSourceEntry, day: PriceDay): NairaFigure | undefined {
  return source.nairaField === undefined ? undefined : { rate: figure(source, day, source.nairaField), date: day.date, source: source.id };
}

export function dayRows(source: PriceSourceEntry, day: PriceDay, naira: NairaFigure, ids: MetalIds): RateInput[] {
  return source.metals.map(({ slug, field }) => {
    const id = ids[slug];
    if (id === undefined) throw new SourceError(`no subcategory with the slug ${slug}, which ${source.name} prices; import the subcategories first`);
    return {
      drtDate: day.date,
      drtSubcategoryID: id,
      drtInUSD: source.usdPerGram(figure(source, day, field)),
      drtPriceSource: source.id,
      drtUSDinNaira: naira.rate,
      drtNairaSource: naira.source,
      drtNairaDate: naira.date,
    };
  });
}
