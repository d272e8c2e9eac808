package io.github.pplxexport.render;

import io.github.pplxexport.conversation.Conversation;

import java.util.Map;

/** A conversation with its Markdown: conversation.md and the turn files by name, ready to write. */
public record RenderedThread(Conversation conversation, String conversationMd, Map<String, String> turnFiles) {
}
