// The calculator, one module per kind of wealth under ./zakat/ (docs/site.md).
export * from './zakat/index.ts';
