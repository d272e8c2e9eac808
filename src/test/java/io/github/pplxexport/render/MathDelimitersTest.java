package io.github.pplxexport.render;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One test per rule of math-delimiter normalisation (reference-behaviour.md §8.11). */
class MathDelimitersTest {

    private static String norm(String s) {
        return MathDelimiters.normalize(s);
    }

    @Test
    void emptyDisplayMarkersAreDeleted() {
        assertEquals("See the source here.", norm("See the source\\[\\] here."));
        assertEquals("a b", norm("a \\[\\]\\[\\]b"));
    }

    @Test
    void displayMathSpanningLinesBecomesTrimmedDollarDollarBlock() {
        assertEquals("Formula:\n$$\na^2 + b^2 = c^2\n$$\nDone.",
                norm("Formula:\n\\[\n  a^2 + b^2 = c^2\n\\]\nDone."));
        assertEquals("$$\nx\n$$ and $$\ny\n$$", norm("\\[ x \\] and \\[y\\]"));
    }

    @Test
    void inlineMathBecomesTrimmedSingleDollars() {
        assertEquals("where $x$ and $y_1$ hold", norm("where \\( x \\) and \\(y_1\\) hold"));
    }

    @Test
    void trimmingFollowsPythonsStrip() {
        // str.strip() removes every Unicode white space, the no-break space included
        assertEquals("$x$ and $$\ny\n$$", norm("\\(\u00a0x\u00a0\\) and \\[\u202fy\u3000\\]"));
    }

    @Test
    void inlineMathDoesNotSpanLines() {
        assertEquals("keep \\(a\nb\\) as is", norm("keep \\(a\nb\\) as is"));
    }

    @Test
    void inlineMathIsNonGreedy() {
        assertEquals("$a$ + $b$", norm("\\(a\\) + \\(b\\)"));
    }

    @Test
    void residueOpenParenCloseDollarIsRepaired() {
        assertEquals("the mean $m$ is", norm("the mean \\( m$ is"));
    }

    @Test
    void residueOpenParenCloseDollarIsLeftWhenTheDollarIsDoubledOrTheLineBreaks() {
        assertEquals("keep \\(m$$ here", norm("keep \\(m$$ here"));
        assertEquals("keep \\(m\n$ here", norm("keep \\(m\n$ here"));
    }

    @Test
    void residueOpenDollarCloseParenIsRepaired() {
        assertEquals("value $v$ here", norm("value $ v\\) here"));
    }

    @Test
    void residueOpenParenFullWidthCloseIsRepaired() {
        assertEquals("（其中 $n$为样本数）", norm("（其中 \\( n \\）为样本数）"));
    }

    @Test
    void fencedCodeIsUntouchedWhereverTheFenceStarts() {
        assertEquals("```\n\\(x\\)\n```\n$y$", norm("```\n\\(x\\)\n```\n\\(y\\)"));
        assertEquals("text ```\\(a\\)``` more $b$", norm("text ```\\(a\\)``` more \\(b\\)"));
    }

    @Test
    void aFenceOfLengthNIsOnlyClosedByARunOfAtLeastN() {
        assertEquals("````md\n```\n\\(a\\)\n```\n````\n$b$", norm("````md\n```\n\\(a\\)\n```\n````\n\\(b\\)"));
        assertEquals("```\n\\(a\\)\n`````\n$b$", norm("```\n\\(a\\)\n`````\n\\(b\\)"));
    }

    @Test
    void anUnclosedFenceMakesTheRestCode() {
        assertEquals("$a$\n```\n\\(b\\)\n\\[c\\]\n", norm("\\(a\\)\n```\n\\(b\\)\n\\[c\\]\n"));
    }

    @Test
    void inlineCodeSpansAreUntouched() {
        assertEquals("Use `\\(x\\)` to write $x$, not `$ y\\)`.", norm("Use `\\(x\\)` to write \\(x\\), not `$ y\\)`."));
    }

    @Test
    void textWithoutBackslashOrDollarIsUnchanged() {
        String s = "plain (a) [b] ``` unclosed `code` ）";
        assertEquals(s, norm(s));
        assertEquals("", norm(""));
    }
}
