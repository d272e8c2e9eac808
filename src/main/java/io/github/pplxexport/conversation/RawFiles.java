package io.github.pplxexport.conversation;

/**
 * The raw responses of a live export as they are archived: raw_entries.json and raw_blocks.json bytes (the
 * API pages joined, in Python's {@code json.dumps} form). The conversation was parsed from exactly these
 * bytes, so an archived thread re-renders to what the export wrote.
 *
 * @param blocks null when the blocks were not fetched
 */
public record RawFiles(byte[] entries, byte[] blocks) {
}
