import type { StreamSpec } from '@smista/service-kit';

/**
 * The stream activity owns. It publishes nothing today: the stream is declared like every
 * service's (the kit creates it at start) so that an event of its own has its place.
 */
export const stream: StreamSpec = { name: 'ACTIVITY', subjects: ['activity.>'] };
