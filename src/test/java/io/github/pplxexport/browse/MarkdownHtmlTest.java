package io.github.pplxexport.browse;

import org.junit.jupiter.api.Test;

import java.util.List;

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
    void aSummarysMarkdownIsRenderedItsHtmlStaysText() {
        String html = md.render("<details>\n<summary>**Hugo first** with $k$ <i onclick=alert(1)>x</i></summary>\n\nbody\n\n</details>\n");
        assertTrue(html.contains("<details><summary><strong>Hugo first</strong> with <span class=\"math math-inline\">k</span>"
                + " &lt;i onclick=alert(1)&gt;x&lt;/i&gt;</summary>"), html);
        assertTrue(md.render("<details>\n<summary>1. <details></summary>\n\nx\n\n</details>\n")
                .contains("<summary>1. &lt;details&gt;</summary>"), "no paragraph: text");
    }

    @Test
    void thePageHeaderLinesLeaveTheBody() {
        assertEquals("\n## Turn 1\n", MarkdownHtml.body("# Title\n\n> 模式: search | 作者: a | 轮次: 1 | 引文: 0\n\n## Turn 1\n"));
        assertEquals("plain", MarkdownHtml.body("plain"));
    }

    @Test
    void aTurnFilesWorkIsItsSectionsBetweenQueryAndAnswerCutIntoSteps() {
        String turn = """
                # Turn 2 — 2026-07-09 10:05 UTC

                ## Query

                ### a heading in the query is no step

                ## 工作过程（2 步骤 · WORKFLOW_COMPLETED）

                > a stub's note

                ### 步骤 1 · Run（`bash`）

                ```
                ### not a step: inside a code block
                ## Answer
                ```

                ### 步骤 2 · Think with $x^2$

                Piranesi and [a page](https://example.org/p)

                ## Answer

                ## Short answer

                ### the answer's own heading
                """;
        List<MarkdownHtml.WorkSection> work = md.work(turn);
        assertEquals(1, work.size());
        MarkdownHtml.WorkSection s = work.get(0);
        assertEquals("工作过程（2 步骤 · WORKFLOW_COMPLETED）", s.title());
        assertTrue(s.introHtml().contains("<blockquote>"), s.introHtml());
        assertEquals(2, s.steps().size(), s.steps().toString());
        assertTrue(s.steps().get(0).headingHtml().startsWith("<h3>步骤 1 · Run（<code>bash</code>）</h3>"), s.steps().get(0).headingHtml());
        assertTrue(s.steps().get(0).html().contains("### not a step: inside a code block\n## Answer"), s.steps().get(0).html());
        assertTrue(s.steps().get(1).headingHtml().contains("<span class=\"math math-inline\">x^2</span>"));
        assertTrue(s.steps().get(1).text().contains("piranesi") && s.steps().get(1).text().contains("https://example.org/p"),
                "the step's words, lower case, and its link targets: " + s.steps().get(1).text());
        assertFalse(s.steps().get(1).html().contains("Short answer"), "the answer is no step");
        assertEquals("<h3>Turn 5 recap</h3>", md.work("## 工作过程\n\n### Turn 5 recap\n\nx\n").get(0).steps().get(0).headingHtml().strip(),
                "a step's heading is no turn anchor");
        // a turn without a work section (a search thread's) has none; the English labels are known too
        assertEquals(List.of(), md.work("# Turn 1\n\n## Query\n\nq\n\n## Answer\n\na\n"));
        assertEquals(List.of("Work process (1 steps · WORKFLOW_COMPLETED)", "Sub-agent work (2)"),
                md.work("## Query\n\nq\n\n## Work process (1 steps · WORKFLOW_COMPLETED)\n\n### Step 1\n\nx\n\n"
                        + "## Sub-agent work (2)\n\n### Step 1 · 🤖 Sub-agent: a\n\ny\n\n## Answer\n\na\n")
                        .stream().map(MarkdownHtml.WorkSection::title).toList());
    }

    @Test
    void aStepIsTheSameHtmlAsItsMarkdownRenderedAlone() throws Exception {
        // the sample's turn file, as the renderer wrote it: no second renderer between it and the page
        String turn = java.nio.file.Files.readString(java.nio.file.Path.of(
                "archive-sample/alice/computer/2026-07-09_Clean-up-my-reading-list-books-csv_8220bd65/turns/turn_0002.md"));
        List<MarkdownHtml.Step> steps = md.work(turn).get(0).steps();
        assertEquals(9, steps.size());
        String step3 = turn.substring(turn.indexOf("### 步骤 3"), turn.indexOf("### 步骤 4"));
        String body3 = step3.substring(step3.indexOf('\n') + 1);
        assertEquals(md.render(body3), steps.get(2).html());
        String step7 = turn.substring(turn.indexOf("### 步骤 7"), turn.indexOf("### 步骤 8"));
        assertEquals(md.render(step7.substring(step7.indexOf('\n') + 1)), steps.get(6).html(), "with its nested <details>");
        assertTrue(steps.get(6).html().contains("<details><summary>🧩 嵌套工作流：Check"), steps.get(6).html());
    }

    @Test
    void aConversationIsCutAtItsTurnsAndItsAppendix() {
        List<MarkdownHtml.Part> parts = md.renderTurns("""
                ## Turn 1 — 2026-01-01 10:00 UTC

                ### Answer
                a

                ## Turn 1 recap, in the answer

                ## Turn 2 — 2026-01-01 11:00 UTC

                ### Answer
                <details>
                <summary>left open</summary>

                b

                ## 后台任务（未归入轮次）

                c
                """);
        assertEquals(List.of(1, 2, -1), parts.stream().map(MarkdownHtml.Part::turn).toList());
        assertTrue(parts.get(0).html().contains("Turn 1 recap"), "an answer's own heading stays in its turn");
        assertEquals(count(parts.get(1).html(), "<details>"), count(parts.get(1).html(), "</details>"), "closed in its piece");
        assertTrue(parts.get(2).html().contains("<p>c</p>"));
    }

    static int count(String s, String part) {
        return s.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }
}
