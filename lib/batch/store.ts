import { defineStored } from '@/lib/storage';
import { batchJobsSchema } from './model';

/** Batch jobs by id, in storage.local: they outlive the panel, a worker restart and a browser restart. Only the background writes. */
export const batchJobs = defineStored('local:batchJobs', batchJobsSchema, {});
