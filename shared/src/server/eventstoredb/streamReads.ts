import { EventStoreDBClient, StreamNotFoundError, type ReadStreamOptions, type RecordedEvent } from "@eventstore/db-client";
import { storeErrorOf } from "./mapping.ts";

/** The events a read of one stream gives, in its order; [] for a stream that does not exist. */
export async function readStreamEvents(client: EventStoreDBClient, streamId: string, options: ReadStreamOptions): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    for await (const resolved of client.readStream(streamId, options)) if (resolved.event) events.push(resolved.event);
  } catch (error) {
    if (error instanceof StreamNotFoundError) return [];
    throw storeErrorOf(error);
  }
  return events;
}
