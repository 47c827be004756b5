/** Durable jobs and owners' capture uploads (migration 016, issue 24). */

/** One background job (src/server/platform/jobs): claimed under a lease, retried with backoff, resumed at its step. */
export interface JobsTable {
  /** `job_<time-ordered id>`. */
  id: string;
  /** Which handler runs it (`capture.process`). */
  kind: string;
  /** JSON: what the handler was asked to do. */
  payload: string;
  /** `queued` (waiting for `runAt`), `running` (leased), `done`, `failed` (final). */
  status: string;
  /** The step running or last reached, for the owner's "Processing (step)". */
  step: string | null;
  /** JSON `{ done: { [step]: result } }`: the steps finished and what they answered, so a retry resumes after them. */
  state: string;
  /** Claims so far (each claim counts, a crashed one too). */
  attempts: number;
  maxAttempts: number;
  /** When a queued job may run (its backoff after a failure). */
  runAt: string;
  /** The worker holding it while running; another worker takes it once `leaseUntil` passes. */
  leaseOwner: string | null;
  leaseUntil: string | null;
  /** The latest failure's message. */
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** A file a signed-in person uploads through tus (`/api/uploads/captures/`), and what became of it. */
export interface CaptureUploadsTable {
  /** The tus upload id (32 hex digits). */
  id: string;
  /** users.id of the person who started it: nobody else can see, continue or delete it. */
  ownerUserId: string;
  /** accounts.id the new space will belong to: the owner's own account or an organization they own. */
  accountId: string;
  /** `model` (.glb) or `panorama` (a 2:1 JPEG/PNG). */
  kind: string;
  fileName: string;
  /** The declared size (Upload-Length), counted against the person's quota. */
  bytes: number;
  /** `uploading`, `processing`, `ready`, `failed`. */
  status: string;
  /** jobs.id once the upload is complete. */
  jobId: string | null;
  /** spaces.id once processing made the space. */
  spaceId: string | null;
  /** Why processing failed, in words the owner can act on. */
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The jobs and capture-upload tables by name. */
export type CaptureUploadTables = { jobs: JobsTable; capture_uploads: CaptureUploadsTable };
