package io.github.pplxexport.browse;

import org.commonmark.Extension;
import org.commonmark.ext.gfm.tables.TablesExtension;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Lang;
import org.commonmark.node.Block;
import org.commonmark.node.Code;
import org.commonmark.node.CustomNode;
import org.commonmark.node.Document;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;
import org.commonmark.parser.beta.InlineContentParser;
import org.commonmark.parser.beta.InlineContentParserFactory;
import org.commonmark.parser.beta.InlineParserState;
import org.commonmark.parser.beta.ParsedInline;
import org.commonmark.parser.beta.Position;
import org.commonmark.parser.beta.Scanner;
import org.commonmark.renderer.NodeRenderer;
import org.commonmark.renderer.html.HtmlNodeRendererContext;
import org.commonmark.renderer.html.HtmlRenderer;
import org.commonmark.renderer.html.HtmlWriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The archive's Markdown as HTML for the browser: CommonMark with GFM tables, the math left for KaTeX to typeset,
 * and the archive's text treated as untrusted. Raw HTML in it is shown as text, except the {@code <details>} /
 * {@code <summary>} blocks the renderer itself writes around workflow steps (matched exactly, the summary's text
 * inline Markdown whose HTML is text too); link targets other than http(s) and mailto are dropped ({@code javascript:}
 * never reaches the page); links open with {@code rel="noopener noreferrer nofollow"}. Turn headings get anchors ({@code #turn-3}).
 */
public final class MarkdownHtml {
    private static final List<Extension> EXTENSIONS = List.of(TablesExtension.create());
    private static final Pattern TURN = Pattern.compile("^Turn (\\d+)\\b");
    private static final Pattern DETAILS_OPEN = Pattern.compile("\\A<details>\\s*\\n?(?:<summary>(.*?)</summary>)?\\s*\\z", Pattern.DOTALL);
    /** The headings of a turn file's workflow sections, in both languages (without their "## " and counts). */
    private static final List<String> WORK = java.util.Arrays.stream(Lang.values())
            .flatMap(l -> java.util.stream.Stream.of(Label.WORK_PROCESS.text(l), Label.STUB_SECTION.text(l)))
            .map(s -> s.substring(3).replaceAll("[（(]\\{0}.*", "")).distinct().toList();
    private static final Set<String> APPENDIX = java.util.Arrays.stream(Lang.values())
            .map(l -> Label.APPENDIX_TITLE.text(l).substring(3)).collect(java.util.stream.Collectors.toSet());
    private static final Pattern DETAILS_CLOSE = Pattern.compile("\\A</details>\\s*\\z");

    private final Parser parser = Parser.builder()
            .extensions(EXTENSIONS)
            .customInlineContentParserFactory(new MathParserFactory())
            .build();
    private final HtmlRenderer renderer = HtmlRenderer.builder()
            .extensions(EXTENSIONS)
            .sanitizeUrls(true)
            .urlSanitizer(new SafeUrls())
            .nodeRendererFactory(c -> new RawHtml(c, this::inline))
            .nodeRendererFactory(MathRenderer::new)
            .attributeProviderFactory(c -> MarkdownHtml::attributes)
            .build();

    /**
     * A conversation.md without its first lines (the {@code # title} and the {@code > mode | author | turns | citations}
     * line): the page shows them in its own header.
     */
    public static String body(String conversation) {
        String s = conversation;
        if (s.startsWith("# ")) {
            int nl = s.indexOf('\n');
            s = nl < 0 ? "" : s.substring(nl + 1);
            String rest = s.stripLeading();
            if (rest.startsWith("> ")) {
                int end = rest.indexOf('\n');
                s = end < 0 ? "" : rest.substring(end + 1);
            }
        }
        return s;
    }

    public String render(String markdown) {
        Node doc = parser.parse(markdown);
        StringBuilder out = new StringBuilder(markdown.length() + markdown.length() / 2);
        renderer.render(doc, out);
        return out.toString();
    }

    /** A piece of a conversation: the text before its first turn ({@code turn} 0), a turn, or the appendix (-1). */
    public record Part(int turn, String html) {
    }

    /**
     * A conversation.md as HTML, cut at its {@code ## Turn N} headings (N growing: an answer's own "## Turn 5" stays
     * in it) and at the background appendix, each piece rendered on its own (a {@code <details>} left open in one is
     * closed there), so that the page can put each turn's workflow steps after its answer.
     */
    public List<Part> renderTurns(String markdown) {
        Node doc = parser.parse(markdown);
        List<Part> parts = new ArrayList<>();
        Document piece = new Document();
        int turn = 0;
        for (Node n = doc.getFirstChild(); n != null; ) {
            Node next = n.getNext();
            int starts = n instanceof Heading h && h.getLevel() == 2 ? turnOrAppendix(plainText(h).strip()) : 0;
            if ((starts > turn && turn >= 0) || (starts < 0 && turn > 0)) {
                add(parts, turn, piece);
                piece = new Document();
                turn = starts;
            }
            piece.appendChild(n);
            n = next;
        }
        add(parts, turn, piece);
        return parts;
    }

    private void add(List<Part> parts, int turn, Document piece) {
        if (piece.getFirstChild() != null) {
            StringBuilder out = new StringBuilder();
            renderer.render(piece, out);
            parts.add(new Part(turn, out.toString()));
        }
    }

    /** The number of a turn heading's turn, -1 for the appendix's heading, 0 for any other. */
    private static int turnOrAppendix(String heading) {
        Matcher m = TURN.matcher(heading);
        if (m.find()) {
            try {
                return Integer.parseInt(m.group(1));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
        return APPENDIX.contains(heading) ? -1 : 0;
    }

    /** One section of a turn file's workflow (its {@code ##} heading) with its steps (its {@code ###} headings). */
    public record WorkSection(String title, String introHtml, List<Step> steps) {
    }

    /**
     * A workflow step: its heading as HTML (the heading element itself), its body as HTML, and its text in lower case
     * (what a search's words are looked for in).
     */
    public record Step(String headingHtml, String html, String text) {
    }

    /**
     * The workflow of a turn file ({@code turns/turn_NNNN.md}, the renderer's own output): the sections between its
     * query and its answer (the work process, a stub turn's sub-agent work), cut into steps at their {@code ###}
     * headings. Read from the file's syntax tree, so a heading inside a code block is no step.
     */
    public List<WorkSection> work(String turnFile) {
        // the answer (often the longest part) is not needed: cut at its heading (the last one, in case a step quotes it)
        int answer = turnFile.lastIndexOf("\n" + Label.TURN_ANSWER.text(Lang.ZH) + "\n");
        Node doc = parser.parse(answer < 0 ? turnFile : turnFile.substring(0, answer + 1));
        List<WorkSection> out = new ArrayList<>();
        String title = null;
        Document intro = null;
        List<Node> stepHeadings = new ArrayList<>();
        List<Document> stepBodies = new ArrayList<>();
        for (Node n = doc.getFirstChild(); n != null; ) {
            Node next = n.getNext();
            if (n instanceof Heading h && h.getLevel() == 2) {
                String text = plainText(h).strip();
                if (text.equals("Answer")) {
                    break;
                }
                if (WORK.stream().anyMatch(text::startsWith)) {
                    if (title != null) {
                        out.add(section(title, intro, stepHeadings, stepBodies));
                    }
                    title = text;
                    intro = new Document();
                    stepHeadings = new ArrayList<>();
                    stepBodies = new ArrayList<>();
                    n = next;
                    continue;
                }
            }
            if (title != null) {
                if (n instanceof Heading h && h.getLevel() == 3) {
                    stepHeadings.add(h);
                    stepBodies.add(new Document());
                } else {
                    (stepBodies.isEmpty() ? intro : stepBodies.get(stepBodies.size() - 1)).appendChild(n);
                }
            }
            n = next;
        }
        if (title != null) {
            out.add(section(title, intro, stepHeadings, stepBodies));
        }
        return out;
    }

    private WorkSection section(String title, Document intro, List<Node> headings, List<Document> bodies) {
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < headings.size(); i++) {
            Node heading = headings.get(i);
            Document body = bodies.get(i);
            String text = (plainText(heading) + "\n" + plainText(body)).toLowerCase(java.util.Locale.ROOT);
            Document h = new Document();
            h.appendChild(heading);
            steps.add(new Step(html(h), html(body), text));
        }
        return new WorkSection(title, html(intro), steps);
    }

    private String html(Document d) {
        StringBuilder out = new StringBuilder();
        renderer.render(d, out);
        return out.toString();
    }

    /** The text of a node as a reader sees it: its words, code, formulas and link targets, without the markup. */
    static String plainText(Node node) {
        StringBuilder b = new StringBuilder();
        plainText(node, b);
        return b.toString();
    }

    private static void plainText(Node node, StringBuilder b) {
        if (node instanceof Text t) {
            b.append(t.getLiteral());
        } else if (node instanceof Code c) {
            b.append(c.getLiteral());
        } else if (node instanceof MathNode m) {
            b.append(m.tex);
        } else if (node instanceof FencedCodeBlock f) {
            b.append(f.getLiteral()).append('\n');
        } else if (node instanceof IndentedCodeBlock c) {
            b.append(c.getLiteral()).append('\n');
        } else if (node instanceof HtmlBlock h) {
            b.append(h.getLiteral()).append('\n');
        } else if (node instanceof HtmlInline h) {
            b.append(h.getLiteral());
        } else if (node instanceof SoftLineBreak || node instanceof HardLineBreak) {
            b.append(' ');
        } else if (node instanceof Link l) {
            b.append(l.getDestination()).append(' ');
        }
        for (Node c = node.getFirstChild(); c != null; c = c.getNext()) {
            plainText(c, b);
        }
        if (node instanceof Block && !(node instanceof Document)) {
            b.append('\n');
        }
    }

    private static void attributes(Node node, String tag, Map<String, String> attrs) {
        if (node instanceof Link) {
            attrs.put("rel", "noopener noreferrer nofollow");
        } else if (node instanceof Heading h && h.getFirstChild() instanceof Text t) {
            Matcher m = TURN.matcher(t.getLiteral());
            if (m.find() && h.getLevel() <= 2) { // a step titled "Turn 5" is no turn: its id would be the turn's
                attrs.put("id", "turn-" + m.group(1));
                attrs.put("class", "turn");
            } else if (t.getNext() == null && (t.getLiteral().equals("Query") || t.getLiteral().equals("Answer"))) {
                attrs.put("class", t.getLiteral().equals("Query") ? "query" : "answer");
            }
        }
    }

    /** Link and image targets: http(s), mailto and relative ones; anything else (javascript:, data:, …) becomes empty. */
    private static final class SafeUrls implements org.commonmark.renderer.html.UrlSanitizer {
        private static final Pattern SCHEME = Pattern.compile("^([A-Za-z][A-Za-z0-9+.-]*):");

        @Override
        public String sanitizeLinkUrl(String url) {
            String u = url.strip();
            Matcher m = SCHEME.matcher(u);
            if (!m.find()) {
                return u; // relative (#turn-2, report.md)
            }
            String scheme = m.group(1).toLowerCase(java.util.Locale.ROOT);
            return scheme.equals("http") || scheme.equals("https") || scheme.equals("mailto") ? u : "";
        }

        @Override
        public String sanitizeImageUrl(String url) {
            return sanitizeLinkUrl(url);
        }
    }

    /** Raw HTML as text, but for the renderer's {@code <details>} blocks; unclosed ones are closed at the end. */
    /**
     * A line of Markdown as inline HTML (a council member's {@code **name**} in the renderer's summary), by the same
     * rules as the rest (its raw HTML is text); a line that is no paragraph is shown as text.
     */
    private String inline(String line) {
        StringBuilder out = new StringBuilder();
        renderer.render(parser.parse(line), out);
        String html = out.toString();
        if (html.startsWith("<p>") && html.endsWith("</p>\n") && html.indexOf("<p>", 3) < 0) {
            return html.substring(3, html.length() - 5);
        }
        return Html.esc(line);
    }

    private static final class RawHtml implements NodeRenderer {
        private final HtmlWriter html;
        private final HtmlNodeRendererContext context;
        private int open;

        private final java.util.function.UnaryOperator<String> inline;

        RawHtml(HtmlNodeRendererContext context, java.util.function.UnaryOperator<String> inline) {
            this.inline = inline;
            this.context = context;
            this.html = context.getWriter();
        }

        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(HtmlBlock.class, HtmlInline.class, org.commonmark.node.Document.class);
        }

        @Override
        public void render(Node node) {
            if (node instanceof org.commonmark.node.Document) {
                for (Node n = node.getFirstChild(); n != null; ) {
                    Node next = n.getNext();
                    context.render(n);
                    n = next;
                }
                while (open > 0) {
                    html.raw("</details>\n");
                    open--;
                }
                return;
            }
            String literal = node instanceof HtmlBlock b ? b.getLiteral() : ((HtmlInline) node).getLiteral();
            if (node instanceof HtmlBlock) {
                Matcher m = DETAILS_OPEN.matcher(literal);
                if (m.matches()) {
                    open++;
                    html.raw("<details>");
                    if (m.group(1) != null) {
                        html.raw("<summary>");
                        html.raw(inline.apply(m.group(1).strip()));
                        html.raw("</summary>");
                    }
                    html.line();
                    return;
                }
                if (DETAILS_CLOSE.matcher(literal).matches() && open > 0) {
                    open--;
                    html.raw("</details>");
                    html.line();
                    return;
                }
                html.tag("p", Map.of("class", "raw-html"));
                html.text(literal.strip());
                html.tag("/p");
                html.line();
                return;
            }
            html.text(literal);
        }
    }

    /** A TeX formula, inline ({@code $…$}) or display ({@code $$…$$}). */
    static final class MathNode extends CustomNode {
        final String tex;
        final boolean display;

        MathNode(String tex, boolean display) {
            this.tex = tex;
            this.display = display;
        }
    }

    /**
     * {@code $$…$$} (also across lines of a paragraph) and {@code $…$}: an inline formula opens on a {@code $} not
     * followed by a space and closes on a {@code $} not preceded by one nor followed by a digit ({@code $5 and $10}
     * stay text). Code spans are parsed before this, so {@code `$x$`} stays code.
     */
    private static final class MathParserFactory implements InlineContentParserFactory {
        @Override
        public Set<Character> getTriggerCharacters() {
            return Set.of('$');
        }

        @Override
        public InlineContentParser create() {
            return MarkdownHtml::parseMath;
        }
    }

    private static ParsedInline parseMath(InlineParserState state) {
        Scanner s = state.scanner();
        Position start = s.position();
        boolean display = s.next("$$");
        if (!display) {
            s.next();
            char c = s.peek();
            if (c == ' ' || c == '\n' || c == '\t' || c == Scanner.END || c == '$') {
                s.setPosition(start);
                return ParsedInline.none();
            }
        }
        Position contentStart = s.position();
        while (s.hasNext()) {
            char c = s.peek();
            if (c == '\\') {
                s.next();
                if (s.hasNext()) {
                    s.next();
                }
                continue;
            }
            if (c == '`' && !display) {
                break; // a code span starts: this $ was no formula ($5 and `$x$`)
            }
            if (c == '$') {
                Position contentEnd = s.position();
                if (display) {
                    if (s.next("$$")) {
                        String tex = s.getSource(contentStart, contentEnd).getContent();
                        if (!tex.isBlank()) {
                            return ParsedInline.of(new MathNode(tex.strip(), true), s.position());
                        }
                        break;
                    }
                    s.next();
                    continue;
                }
                String tex = s.getSource(contentStart, contentEnd).getContent();
                s.next();
                char after = s.peek();
                boolean spaceBefore = tex.endsWith(" ") || tex.endsWith("\n") || tex.endsWith("\t");
                if (!spaceBefore && !Character.isDigit(after) && !tex.isEmpty()) {
                    return ParsedInline.of(new MathNode(tex, false), s.position());
                }
                break;
            }
            s.next();
        }
        s.setPosition(start);
        return ParsedInline.none();
    }

    /** The formula's TeX as text in a marked element; the page's script typesets it with KaTeX. */
    private static final class MathRenderer implements NodeRenderer {
        private final HtmlWriter html;

        MathRenderer(HtmlNodeRendererContext context) {
            this.html = context.getWriter();
        }

        @Override
        public Set<Class<? extends Node>> getNodeTypes() {
            return Set.of(MathNode.class);
        }

        @Override
        public void render(Node node) {
            MathNode m = (MathNode) node;
            // a span either way: a display formula may sit inside a paragraph
            html.tag("span", Map.of("class", m.display ? "math math-display" : "math math-inline"));
            html.text(m.tex);
            html.tag("/span");
        }
    }
}
