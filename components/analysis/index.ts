export { AnalysisView } from './AnalysisView';
export { OceanChart } from './OceanChart';
