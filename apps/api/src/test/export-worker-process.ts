// A worker process for the export's crash test (modules/exports/exports-crash.test.ts), run as a child: it opens the
// database the test names (JOB_TEST_URL, or the embedded one in JOB_TEST_DATA_DIR) and runs the export's jobs on the
// queue of JOB_TEST_SCHEMA with the application's services and the environment's EXPORT_* and FILES_DIR, as a worker
// process does, until the test kills it.
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { createJobQueue, startJobs } from "../jobs/start.ts";
import { exportsJobs } from "../modules/exports/jobs.ts";
import { createServices } from "../modules/services.ts";
import { testJobSettings } from "./jobs.ts";

const { JOB_TEST_URL, JOB_TEST_DATA_DIR, JOB_TEST_SCHEMA } = process.env;
const database = await openDatabase(JOB_TEST_URL ? { url: JOB_TEST_URL } : { dataDir: JOB_TEST_DATA_DIR });
const config = loadConfig({ ...process.env, NODE_ENV: "test", WEB_DIST_DIR: "" });
const log = {
  warn: (details: object, message: string) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  error: (details: object, message: string) =>
    process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
};
const jobs = createJobQueue(database, config, log, testJobSettings({ schema: JOB_TEST_SCHEMA }));
const services = createServices(database.db, config, jobs);
await startJobs(jobs, { db: database.db, config, services }, { work: true, modules: [exportsJobs] });
process.stdout.write("working\n");
