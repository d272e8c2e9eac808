package io.github.pplxexport.subagent;

import io.github.pplxexport.thread.Workflow;

/**
 * A background payload that neither an anchor nor a stub turn claimed (§3.1 level ③): archived at the end
 * of conversation.md, with the background entry's locked_reason and update time.
 */
public record AppendixItem(Workflow payload, String lockedReason, String updated, String backgroundUuid) {
}
