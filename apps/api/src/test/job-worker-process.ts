// A worker process for the crash tests (jobs/crash.test.ts), run as a child: it opens the database the test names
// (JOB_TEST_URL, or the embedded one in JOB_TEST_DATA_DIR), runs the job type `test.crash` on the queue of
// JOB_TEST_SCHEMA, and hangs in the handler after saying `started <job id>` on its output, to be killed there.
import { openDatabase } from "../db/client.ts";
import { JobQueue } from "../jobs/queue.ts";
import { crashJobType, testJobSettings } from "./jobs.ts";

const { JOB_TEST_URL, JOB_TEST_DATA_DIR, JOB_TEST_SCHEMA } = process.env;
const database = await openDatabase(JOB_TEST_URL ? { url: JOB_TEST_URL } : { dataDir: JOB_TEST_DATA_DIR });
const log = {
  warn: (details: object, message: string) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  error: (details: object, message: string) =>
    process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
};
const queue = new JobQueue(database, testJobSettings({ schema: JOB_TEST_SCHEMA }), log);
await queue.start([
  crashJobType(async (_payload, run) => {
    process.stdout.write(`started ${run.id}\n`);
    await new Promise(() => {});
  }),
]);
await queue.work();
