package io.github.pplxexport.conversation;

import io.github.pplxexport.mode.Mode;

import java.util.Map;

/**
 * Who and what a thread is: the identity keys of thread.json (reference-behaviour.md §5.3). The live export
 * works them out from the request and the responses; re-render reads them back from thread.json.
 *
 * @param pscUuid      the platform's dual id (first non-empty turn context_uuid), or null
 * @param mode         the archive mode id ({@code search}, {@code computer}, …) as stored
 * @param space        the library row's collection or space, verbatim, or null
 * @param threadAccess verbatim, or null
 */
public record ThreadIdentity(String webUuid, String pscUuid, String url, String title, String mode, String author,
                             String exportVia, String lastUpdated, Map<String, Object> space, Object threadAccess) {

    /** Computer and council turns render from workflow blocks and get the sub-agent waterfall. */
    public boolean isWorkflowMode() {
        return Mode.fromId(mode).map(Mode::isWorkflowMode).orElse(false);
    }
}
