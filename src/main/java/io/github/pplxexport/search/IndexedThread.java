package io.github.pplxexport.search;

/**
 * One archived thread as the search index holds it: where it is, what the library page shows of it, and the
 * text that is searched. Built from the thread dir's files by {@link ThreadText}.
 *
 * @param path          the thread dir relative to the archive root, {@code /}-separated: the document's key
 * @param account       the account folder (first path element)
 * @param updated       lastUpdated in epoch milliseconds (0 when unknown): the library's order and date filter
 * @param interruptions entries of thread.json's {@code interruptions} registry
 * @param variants      entries of thread.json's {@code answer_variants} registry
 * @param assets        asset versions in assets/assets_manifest.json
 * @param lockedReason  thread_metadata.locked_reason ("" when none)
 * @param remoteDeleted thread.json's {@code remote_deleted} stamp ("" when the thread is not known deleted)
 * @param stamp         a digest of the files' sizes and times: a changed stamp means the dir must be indexed again
 * @param created       the thread's creation in epoch milliseconds (metadata.created_at, else {@code updated})
 * @param prompt        the first question, normalised (case, spaces): threads asked the same thing share it
 * @param refs          other threads' uuids that the answers or the sources name (links to threads, bare uuids)
 * @param runs          the sub-agent run ids ({@code toolu_…}) in the thread's raw blocks
 */
public record IndexedThread(String path, String uuid, String title, String mode, String account, String spaceSlug,
                            String spaceTitle, long updated, int turns, int interruptions, int variants, boolean report,
                            int assets, String lockedReason, String remoteDeleted, String question, String answer,
                            String steps, String sources, long stamp, long created, String prompt,
                            java.util.List<String> refs, java.util.List<String> runs) {
}
