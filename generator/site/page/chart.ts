// uPlot as its own module (assets/chart.js), imported by the page when the
// chart's section comes near the screen: a first visit does not load its 50 kB.
export { default } from 'uplot';
