package io.github.pplxexport.render;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Fence sizing (reference-behaviour.md §8.10), blockquotes (§8.1) and model links (§8.12). */
class MarkdownTest {

    @Test
    void bodyWithoutBackticksGetsTheMinimumThreeBacktickFence() {
        assertEquals("```", Markdown.fenceFor("print('hello')\n"));
        assertEquals("```", Markdown.fenceFor(""));
    }

    @Test
    void bodyHoldingATripleBacktickFenceGetsFourBackticks() {
        String body = "Example:\n```python\nprint(1)\n```\n";
        assertEquals("````", Markdown.fenceFor(body));
    }

    @Test
    void aRunOfFiveBackticksAnywhereGetsSix() {
        assertEquals("``````", Markdown.fenceFor("a ``` b ````` c `` d"));
    }

    @Test
    void inlineSingleBackticksKeepTheMinimumFence() {
        assertEquals("```", Markdown.fenceFor("use `ls -l` and `pwd`"));
        assertEquals("```", Markdown.fenceFor("two ``x`` backticks"));
    }

    @Test
    void fencedRightTrimsTheBodyAndSizesTheFenceOnIt() {
        assertEquals("```python\nx = 1\n```", Markdown.fenced("x = 1\n\n   \n", "python"));
        assertEquals("````\n  indented\n```\n  inner\n```\n````",
                Markdown.fenced("  indented\n```\n  inner\n```\n\t \n", ""));
    }

    @Test
    void blockquotePrefixesEveryLineAndKeepsTheTrailingSpaceOnEmptyLines() {
        assertEquals("> a\n> \n> b", Markdown.blockquote("a\n\nb"));
    }

    @Test
    void modelLinksBecomeBoldLabels() {
        assertEquals("Ask **GPT-5** or see [docs](https://example.org/x).",
                Markdown.rewriteModelLinks("Ask [GPT-5](pplx://action/switch-model?m=gpt5) or see [docs](https://example.org/x)."));
    }
}
