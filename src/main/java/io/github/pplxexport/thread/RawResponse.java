package io.github.pplxexport.thread;

import java.util.List;
import java.util.Map;

/**
 * A parsed thread response file (raw_entries.json or raw_blocks.json): {@code thread_metadata} verbatim,
 * the main entries and the background entries in document order.
 *
 * @param metadata   {@code thread_metadata} as written (null when absent or not an object)
 * @param entries    the main entries that are objects
 * @param background the background entries (empty when not read)
 * @param problem    why the main entries cannot be turned into turns (no entries list, an entry that is not
 *                   an object, a step list that is not a list: the first in document order), else null
 */
public record RawResponse(Map<String, Object> metadata, List<Entry> entries, List<Entry> background, String problem) {
}
