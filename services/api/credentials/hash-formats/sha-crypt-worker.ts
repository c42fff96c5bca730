// Runs one SHA-crypt verification away from the main event loop; see sha-crypt.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { verify } from 'unixcrypt';
import type { ShaCryptJob } from './sha-crypt.js';

const { encoded, password } = workerData as ShaCryptJob;
parentPort?.postMessage(verify(password, encoded));
