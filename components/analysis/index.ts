export { AnalysisHead, AnalysisSections, AnalysisView } from './AnalysisView';
export { OceanChart } from './OceanChart';
