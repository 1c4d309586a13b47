// What one export round trip measured: each step's time and requests.
/** One step of the round trip: its time, requests and writes. */
export interface ExportStep {
  step: string;
  ms: number;
  requests: number;
  writes: number;
}

export interface ExportResult {
  numbers: number;
  bridges: number;
  /** Resources the `up` took over, and what the preview then found. */
  changes: Record<string, number>;
  preview: Record<string, number>;
  steps: ExportStep[];
}
