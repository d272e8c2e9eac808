package io.github.pplxexport.subagent;

import java.util.Map;

/**
 * A background payload that neither an anchor nor a stub turn claimed (§3.1 level ③): archived at the end
 * of conversation.md, with the background entry's locked_reason and update time.
 */
public record AppendixItem(Map<String, Object> payload, String lockedReason, String updated, String backgroundUuid) {
}
