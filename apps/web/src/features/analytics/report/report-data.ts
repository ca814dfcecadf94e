/** Everything the PDF report prints, already translated and formatted for the user's language. */
export interface ReportData {
  language: string;
  fileName: string;
  title: string;
  subtitle: string;
  rangeLine: string;
  generatedLine: string;
  headings: {
    figures: string;
    impact: string;
    progress: string;
    badges: string;
    platform: string;
    trends: string;
    activity: string;
  };
  figures: { label: string; value: string }[];
  platform: { label: string; value: string }[];
  impactLines: string[];
  bars: { label: string; valueText: string; progress: number }[];
  badges: { name: string; rule: string; state: string; earned: boolean }[];
  trends: {
    summary: string;
    legend: { donations: string; completed: string };
    labels: string[];
    donations: number[];
    completed: number[];
    cuisinesLine: string;
  };
  activity: {
    headers: [string, string, string];
    rows: [string, string, string][];
    empty: string;
  };
  footer: (page: number, pages: number) => string;
}

/** Every string of a report, so the fonts of exactly the scripts it uses can be loaded. */
export function reportTexts(data: ReportData): string[] {
  return [
    data.title,
    data.subtitle,
    data.rangeLine,
    data.generatedLine,
    data.footer(1, 1),
    ...Object.values(data.headings),
    ...data.figures.flatMap((f) => [f.label, f.value]),
    ...data.platform.flatMap((f) => [f.label, f.value]),
    ...data.impactLines,
    ...data.bars.flatMap((b) => [b.label, b.valueText]),
    ...data.badges.flatMap((b) => [b.name, b.rule, b.state]),
    data.trends.summary,
    data.trends.legend.donations,
    data.trends.legend.completed,
    data.trends.cuisinesLine,
    ...data.trends.labels,
    ...data.activity.headers,
    ...data.activity.rows.flat(),
    data.activity.empty,
  ];
}
