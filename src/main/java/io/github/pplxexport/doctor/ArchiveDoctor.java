package io.github.pplxexport.doctor;

import io.github.pplxexport.archive.ArchivedThreadLoader;
import io.github.pplxexport.archive.MarkdownWriter;
import io.github.pplxexport.archive.PreviousCopies;
import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.asset.AssetBody;
import io.github.pplxexport.asset.AssetFiles;
import io.github.pplxexport.asset.Manifest;
import io.github.pplxexport.asset.ManifestVersion;
import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.export.DeadLetters;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.render.RenderedThread;
import io.github.pplxexport.render.ThreadRenderer;
import io.github.pplxexport.rerender.ThreadDirs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code doctor --archive}: every thread dir, offline. Its thread.json and raw files parse; re-rendering them gives
 * the archived Markdown (a difference is a hand edit or bit rot: the files are named); its manifest's asset files are
 * there and are not error pages. One line per finding, with its fix. With {@code --repair}: the Markdown that differs
 * is re-rendered where the raw files are intact (a copy with less is kept under versions/ first, as re-render does),
 * and the missing or damaged asset files are queued for the next sync (an asset dead letter each).
 */
public final class ArchiveDoctor {
    private final Path out;
    private final ThreadRenderer renderer;
    private final boolean repair;
    private final ArchivedThreadLoader loader = new ArchivedThreadLoader();
    private final MarkdownWriter writer = new MarkdownWriter();
    private final Clock clock;

    public ArchiveDoctor(Path out, ThreadRenderer renderer, boolean repair, Clock clock) {
        this.out = out;
        this.renderer = renderer;
        this.repair = repair;
        this.clock = clock;
    }

    /** The findings of every thread dir, then one line for the whole walk. */
    public List<Check> walk() throws IOException {
        List<Check> findings = new ArrayList<>();
        int dirs = 0;
        int sound = 0;
        for (Iterator<Path> it = ThreadDirs.walk(out, 0); it.hasNext(); ) {
            Path dir = it.next();
            dirs++;
            List<Check> mine = thread(dir);
            if (mine.stream().allMatch(Check::ok)) {
                sound++;
            }
            findings.addAll(mine);
        }
        findings.add(sound == dirs ? Check.ok("archive walk", dirs + " thread dir(s): each parses, renders as archived and has its asset files")
                : Check.fail("archive walk", (dirs - sound) + " of " + dirs + " thread dir(s) with findings (above)",
                repair ? "what --repair could not mend needs the thread exported again: `pplx-export export <uuid> --force`"
                        : "run `pplx-export doctor --archive --repair` to re-render them from the raw files and queue the assets"));
        return findings;
    }

    /** One thread dir's findings (failures, and what --repair did); empty when all holds. */
    List<Check> thread(Path dir) throws IOException {
        String name = out.relativize(dir).toString().replace('\\', '/');
        List<Check> checks = new ArrayList<>();
        Map<String, Object> threadJson;
        try {
            threadJson = Json.readObject(dir.resolve(ThreadFiles.THREAD_JSON));
        } catch (JsonException | IOException e) {
            checks.add(Check.fail(name, "thread.json does not parse (" + e.getMessage() + ")",
                    "export the thread again (`pplx-export export <uuid> --force`) or restore thread.json from a backup"));
            return checks;
        }
        String uuid = J.str(threadJson, "web_uuid");
        Conversation c = null;
        try {
            c = loader.load(dir, threadJson); // thread.json parsed above, not read twice
        } catch (IOException | RuntimeException e) {
            checks.add(Check.fail(name, "the raw files do not parse (" + e.getMessage() + ")",
                    "export it again: `pplx-export export " + uuid + " --force` (the copy is kept under versions/ if it had more)"));
        }
        if (c != null) {
            RenderedThread rendered = renderer.render(c);
            List<String> differing = differing(dir, rendered);
            if (!differing.isEmpty()) {
                String what = String.join(", ", differing) + (differing.size() == 1 ? " differs" : " differ") + " from a re-render of the raw files (a hand edit or bit rot)";
                if (repair) {
                    new PreviousCopies(out, clock).keepIfLessMarkdown(dir, uuid, rendered.turnFiles());
                    writer.write(dir, rendered);
                    checks.add(Check.ok(name, what + ": re-rendered"));
                } else {
                    checks.add(Check.fail(name, what, "`pplx-export doctor --archive --repair` re-renders them from the raw files"));
                }
            }
        }
        checks.addAll(assets(dir, name, uuid));
        return checks;
    }

    /** The archived Markdown files whose bytes are not what the raw files render to (conversation.md, turns/…). */
    private static List<String> differing(Path dir, RenderedThread rendered) throws IOException {
        List<String> files = new ArrayList<>();
        if (!same(dir.resolve(ThreadFiles.CONVERSATION), rendered.conversationMd())) {
            files.add(ThreadFiles.CONVERSATION);
        }
        for (Map.Entry<String, String> e : rendered.turnFiles().entrySet()) {
            if (!same(dir.resolve(ThreadFiles.TURNS_DIR).resolve(e.getKey()), e.getValue())) {
                files.add(ThreadFiles.TURNS_DIR + "/" + e.getKey());
            }
        }
        return files;
    }

    private static boolean same(Path file, String text) throws IOException {
        return Files.isRegularFile(file) && java.util.Arrays.equals(Files.readAllBytes(file), text.getBytes(StandardCharsets.UTF_8));
    }

    /** The manifest's downloaded versions: the file is there and is the asset, not an error page. */
    private List<Check> assets(Path dir, String name, String uuid) throws IOException {
        List<Check> checks = new ArrayList<>();
        Manifest manifest;
        try {
            manifest = Manifest.read(dir).orElse(Manifest.EMPTY);
        } catch (IOException | JsonException e) {
            checks.add(Check.fail(name, Manifest.PATH + " does not parse (" + e.getMessage() + ")",
                    "export the thread again: `pplx-export export " + uuid + " --force` rebuilds it"));
            return checks;
        }
        Map<String, AssetBody.Problem> damaged = AssetFiles.damaged(dir, manifest);
        List<ManifestVersion> broken = new ArrayList<>();
        List<String> said = new ArrayList<>();
        for (ManifestVersion v : manifest.versions()) {
            if (!v.downloaded()) {
                continue;
            }
            Path file = dir.resolve(v.downloadedTo());
            if (damaged.containsKey(v.downloadedTo())) {
                said.add(v.downloadedTo() + " holds " + damaged.get(v.downloadedTo()).reason());
                broken.add(v);
            } else if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                said.add(v.downloadedTo() + " is missing");
                broken.add(v);
            }
        }
        if (broken.isEmpty()) {
            return checks;
        }
        if (repair) {
            DeadLetters letters = new DeadLetters(out, clock, null);
            for (ManifestVersion v : broken) {
                Map<String, Object> fields = new LinkedHashMap<>();
                fields.put("kind", "asset");
                fields.put("web_uuid", uuid);
                fields.put("asset_uuid", v.uuid());
                fields.put("filename", v.filename());
                fields.put("version", v.version());
                letters.queue(fields, "doctor --repair: the file is missing or holds an error page");
            }
            checks.add(Check.ok(name, String.join("; ", said) + ": queued for the next sync"));
        } else {
            checks.add(Check.fail(name, String.join("; ", said),
                    "`pplx-export doctor --archive --repair` queues them; the next `pplx-export sync` downloads them again"));
        }
        return checks;
    }
}
