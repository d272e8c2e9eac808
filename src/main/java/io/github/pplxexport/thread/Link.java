package io.github.pplxexport.thread;

/** A link a step shows: its text (the name or title, may be empty) and its URL (never empty). */
public record Link(String label, String url) {
}
