import { describeAdapterContract, type AdapterSandbox } from './adapter-contract';
import { ebaySandbox } from './ebay';

/* Every marketplace adapter through the same contract against its sandbox: a new adapter adds its line. */
const sandboxes: AdapterSandbox[] = [
  ebaySandbox,
];

for (const sandbox of sandboxes) describeAdapterContract(sandbox);
