package io.github.pplxexport.search;

/**
 * A thread as the library lists it (the stored part of an {@link IndexedThread}).
 *
 * @param updated epoch milliseconds, 0 when unknown
 */
public record ThreadSummary(String path, String uuid, String title, String mode, String account, String spaceSlug,
                            String spaceTitle, long updated, int turns, int interruptions, int variants, boolean report,
                            int assets, String lockedReason, String remoteDeleted) {
}
