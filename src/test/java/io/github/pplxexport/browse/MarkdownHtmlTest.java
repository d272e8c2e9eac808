package io.github.pplxexport.browse;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The archive's Markdown as HTML: what is kept, what is typeset, what is only ever text. */
class MarkdownHtmlTest {
    final MarkdownHtml md = new MarkdownHtml();

    @Test
    void mathIsMarkedForKatexAndMarkdownDoesNotTouchIt() {
        String html = md.render("For $z_i * w_j$ and $$\n\\sum_{j=1}^{n} e^{z_j}\n$$ done, but $5 and $10 stay, as does `$x$`.");
        assertTrue(html.contains("<span class=\"math math-inline\">z_i * w_j</span>"), html);
        assertTrue(html.contains("<span class=\"math math-display\">\\sum_{j=1}^{n} e^{z_j}</span>"), html);
        assertTrue(html.contains("$5 and $10 stay"), html);
        assertTrue(html.contains("<code>$x$</code>"), html);
        assertFalse(html.contains("<em>"), "underscores and stars inside math are no emphasis: " + html);
    }

    @Test
    void tablesTurnAnchorsAndLinks() {
        String html = md.render("## Turn 2 — 2026-05-22 13:40 UTC\n\n### Query\nq\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[x](https://example.org/)");
        assertTrue(html.contains("<h2 id=\"turn-2\" class=\"turn\">"), html);
        assertTrue(html.contains("<h3 class=\"query\">Query</h3>"), html);
        assertTrue(html.contains("<table>") && html.contains("<td>2</td>"), html);
        assertTrue(html.contains("<a rel=\"noopener noreferrer nofollow\" href=\"https://example.org/\">x</a>"), html);
    }

    @Test
    void theRenderersDetailsStayAndEverythingElseIsText() {
        String html = md.render("<details>\n<summary>🤖 步骤 <b>1</b></summary>\n\n**inside**\n\n</details>\n\n"
                + "<script>alert(1)</script>\n\ntext <img src=x onerror=alert(2)> [a](javascript:alert(3)) "
                + "[b](data:text/html,x)\n\n<details open onclick=alert(4)>\nno\n\n</details>\n\n<details>\n<summary>unclosed</summary>\n\nrest");
        assertTrue(html.contains("<details><summary>🤖 步骤 &lt;b&gt;1&lt;/b&gt;</summary>"), html);
        assertTrue(html.contains("<strong>inside</strong>"), html);
        assertFalse(html.contains("<script"), html);
        assertFalse(html.contains("<img"), html);
        assertFalse(html.contains("javascript:"), html);
        assertFalse(html.contains("data:text"), html);
        assertFalse(html.contains("<details open"), "a details of the text is text: " + html);
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), html);
        assertEquals(count(html, "<details>"), count(html, "</details>"), "an unclosed details is closed: " + html);
    }

    @Test
    void thePageHeaderLinesLeaveTheBody() {
        assertEquals("\n## Turn 1\n", MarkdownHtml.body("# Title\n\n> 模式: search | 作者: a | 轮次: 1 | 引文: 0\n\n## Turn 1\n"));
        assertEquals("plain", MarkdownHtml.body("plain"));
    }

    static int count(String s, String part) {
        return s.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
