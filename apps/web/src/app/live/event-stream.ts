/** One event of a `text/event-stream`: its name (`message` when it gives none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` as its text arrives in pieces (the HTML standard's format: `field: value` lines, a
 * blank line ends an event, `:` starts a comment): `feed` answers the events each piece completes. EventSource
 * would read it too, but cannot send the `Authorization` header.
 */
export class EventStreamReader {
  private buffer = "";

  feed(text: string): StreamEvent[] {
    this.buffer += text;
    const events: StreamEvent[] = [];
    const blocks = this.buffer.split(/\r\n\r\n|\n\n|\r\r/);
    this.buffer = blocks.pop() ?? "";
    for (const block of blocks) {
      let event = "message";
      const data: string[] = [];
      for (const line of block.split(/\r\n|\n|\r/)) {
        if (line === "" || line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (field === "event") event = value;
        else if (field === "data") data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join("\n") });
    }
    return events;
  }
}
