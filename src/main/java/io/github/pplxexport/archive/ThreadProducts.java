package io.github.pplxexport.archive;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.render.RenderedThread;
import io.github.pplxexport.thread.Citation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The derived products of an exported thread dir that leave the pipeline through the {@code write-products}
 * route's {@code file:} endpoint (bean {@code threadProducts}): conversation.md, turns/turn_NNNN.md and
 * sources.md here; report.md and assets/files come from the asset step. They can be rebuilt from the raw
 * responses at any time, so they need no fsync; the sources of truth (thread.json, raw_*.json, sources.json,
 * the asset manifest, index/) keep {@link AtomicFiles}. Names are relative to the archive root.
 */
public final class ThreadProducts {
    private final Path out;
    private final Labels labels;

    public ThreadProducts(Path out, Labels labels) {
        this.out = out.toAbsolutePath().normalize();
        this.labels = labels;
    }

    /** The labels of the Markdown products (sources.md, report.md). */
    public Labels labels() {
        return labels;
    }

    /** sources.md, conversation.md and the turn files of a rendered thread written into {@code dir}, in the reference's order. */
    public List<ProductFile> of(Conversation c, RenderedThread rendered, Path dir) {
        List<ProductFile> files = new ArrayList<>();
        files.add(file(dir, ThreadFiles.SOURCES_MD, sourcesMd(c.citations())));
        files.add(file(dir, ThreadFiles.CONVERSATION, rendered.conversationMd()));
        for (Map.Entry<String, String> turn : rendered.turnFiles().entrySet()) {
            files.add(file(dir, ThreadFiles.TURNS_DIR + "/" + turn.getKey(), turn.getValue()));
        }
        return files;
    }

    /** A text product at {@code rel} (relative to the thread dir, with {@code /}). */
    public ProductFile file(Path dir, String rel, String text) {
        return ProductFile.text(name(dir, rel), text);
    }

    /** A product's name: {@code rel} inside the thread dir {@code dir}, relative to the archive root. */
    public String name(Path dir, String rel) {
        return out.relativize(dir.toAbsolutePath().normalize()).toString().replace('\\', '/') + "/" + rel;
    }

    /**
     * The thread dirs of these products go into the search index's change journal ({@link ChangeJournal}) before
     * they are written, so that a catch-up of the index looks at them.
     *
     * @param products the write-products route's body: a list of ProductFile, or one (an asset's body)
     */
    public void journal(Object products) {
        java.util.Set<String> dirs = new java.util.LinkedHashSet<>();
        for (Object o : products instanceof Iterable<?> list ? list : List.of(products)) {
            String[] parts = o instanceof ProductFile p ? p.name().split("/", 4) : new String[0];
            if (parts.length == 4) {
                dirs.add(parts[0] + "/" + parts[1] + "/" + parts[2]);
            }
        }
        ChangeJournal.of(out).append(dirs);
    }

    /** False when the archive already holds exactly these bytes: the file is not sent to the endpoint (mtime kept). */
    public boolean changed(ProductFile p) throws IOException {
        return !FileContent.holds(out.resolve(p.name()), p.content());
    }

    /** Turn files numbered above the thread's turn count are removed (other names are left alone). */
    public int removeStaleTurns(Path dir, RenderedThread rendered) throws IOException {
        return MarkdownWriter.removeStaleTurns(dir.resolve(ThreadFiles.TURNS_DIR), rendered.turnFiles().size());
    }

    /** {@code SOURCES_TITLE}, a blank line, then {@code <i>. [<name or url>](<url>)} per citation. */
    String sourcesMd(List<Citation> citations) {
        StringBuilder sb = new StringBuilder(labels.get(Label.SOURCES_TITLE)).append("\n\n");
        int i = 1;
        for (Citation ci : citations) {
            sb.append(i++).append(". [").append(ci.label()).append("](").append(ci.url()).append(")\n");
        }
        return sb.toString();
    }
}
