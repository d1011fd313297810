import { fetchTransport, JobCancelled, JobRefusal } from '../../../core/jobs/jobClient';
import type { Remote } from '../answerStore';
import { serverRefusal } from '../remote';
import { isCurrent } from './run';
import { useBuilding } from './store';

/**
 * What every job of this run on `remote` shares: the transport, compact maps, cancelling with the run, and
 * the job's progress on the panel.
 */
export function serverJob(mine: number, remote: Remote) {
  useBuilding.setState({ server: { url: remote.url, job: null } });
  return {
    transport: fetchTransport(remote.url, remote.token || null),
    options: {
      compact: true,
      isCancelled: () => !isCurrent(mine),
      onProgress: (finished: number, total: number, job: string) => {
        if (isCurrent(mine))
          useBuilding.setState({ progress: finished / total, server: { url: remote.url, job } });
      },
    },
  };
}

/** Why a job on the server did not give the building its answers, as a sentence that says what to do. */
export function remoteFailure(remote: Remote, e: unknown): string {
  if (e instanceof JobRefusal && e.noJobs)
    return `${remote.url} takes no jobs: clear the server in the Server panel to compute the building in this browser.`;
  if (e instanceof JobRefusal) return serverRefusal(e.status, e.serverMessage);
  if (e instanceof JobCancelled)
    return `Job ${e.jobId} was cancelled on ${remote.url}: start it again when needed.`;
  return `The server ${remote.url} cannot be reached (${(e as Error).message}). Check its address in the Server panel, or clear it to compute in this browser.`;
}
