/**
 * A checkpoint kept in memory: the default of the library calls, for a run that need not survive its
 * process (a host that wants to resume passes a checkpoint kept where its queue keeps its jobs).
 * @module
 */
import type { JobStep, JobSteps } from '../ports/jobs.js';

/** An empty checkpoint in this process's memory. */
export function memorySteps(): JobSteps {
  const steps = new Map<number, JobStep>();
  return {
    async list() {
      return [...steps.values()].sort((a, b) => a.step - b.step);
    },
    async put(added) {
      for (const s of added) if (steps.get(s.step)?.state !== 'done') steps.set(s.step, { ...s });
    },
  };
}
