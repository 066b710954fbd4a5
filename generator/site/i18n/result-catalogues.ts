// The calculator's answer and inputs in every language of the page (catalogue.ts LANGUAGES).
import type { Lang, ResultStrings } from './catalogue.ts';
import { result as ar } from './result-ar.ts';
import { result as en } from './result-en.ts';
import { result as ha } from './result-ha.ts';
import { result as yo } from './result-yo.ts';

export const RESULT_CATALOGUES: { [L in Lang]: ResultStrings } = { en, ha, ar, yo };
