import { describeAdapterContract, type AdapterSandbox } from './adapter-contract';
import { aliexpressSandbox } from './aliexpress';
import { amazonSandbox } from './amazon';
import { ebaySandbox } from './ebay';
import { etsySandbox } from './etsy';
import { shopifySandbox } from './shopify';

/* Every marketplace adapter through the same contract against its sandbox: a new adapter adds its line. */
const sandboxes: AdapterSandbox[] = [
  ebaySandbox,
  shopifySandbox,
  amazonSandbox,
  etsySandbox,
  aliexpressSandbox,
];

for (const sandbox of sandboxes) describeAdapterContract(sandbox);
