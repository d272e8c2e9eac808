package io.github.pplxexport.ask;

/** Where finished asks are counted (the service mode's {@code pplx_asks_total{mode,outcome}}). */
public interface AskCounter {
    AskCounter NONE = (mode, outcome) -> {
    };

    /** One ask of {@code mode} ended as {@code outcome}: archived, completed (not archived), pending or failed. */
    void ask(String mode, String outcome);
}
