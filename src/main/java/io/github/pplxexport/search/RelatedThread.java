package io.github.pplxexport.search;

import java.util.Locale;

/**
 * A thread related to another one (the reference's relation kinds, reference-cli-and-archive.md §2.17).
 *
 * @param incoming the other thread points at this one (it references it), rather than this one at it
 * @param evidence what links them: the uuid named, the space, the sub-agent run id ("" for the same prompt)
 */
public record RelatedThread(Kind kind, boolean incoming, ThreadSummary thread, String evidence) {

    public enum Kind {
        /** Asked the same first question (a rerun or a resend). */
        SAME_PROMPT,
        /** An answer or a source names the other thread (its URL, or its bare uuid). */
        REFERENCES,
        /** In the same space. */
        SAME_SPACE,
        /** Shares a sub-agent run ({@code toolu_…}). */
        SUBAGENT_OF;

        /** The reference's name of the kind ({@code same_prompt}, …). */
        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
