// uPlot as its own module (assets/chart.js), imported by the page once today's
// figures are shown: the first render does not wait for the chart's 50 kB.
export { default } from 'uplot';
