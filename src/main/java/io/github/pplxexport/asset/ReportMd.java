package io.github.pplxexport.asset;

import io.github.pplxexport.json.J;
import io.github.pplxexport.labels.Label;
import io.github.pplxexport.labels.Labels;
import io.github.pplxexport.render.MathDelimiters;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code report.md} of a Deep Research thread (reference-behaviour.md §8.10, reference-cli-and-archive.md
 * §3.7): the report title, the product file name, then the report's Markdown taken from a downloaded asset,
 * math-normalised:
 * <pre>
 * # &lt;report title or REPORT_DEFAULT_TITLE&gt;
 *
 * REPORT_FILE &lt;file_name&gt;      (only when report_info has a file name, followed by a blank line)
 *
 * &lt;report Markdown, as downloaded&gt;</pre>
 */
public final class ReportMd {
    private ReportMd() {
    }

    /**
     * The text of report.md, or empty when the thread has no {@code report_info} or no usable body.
     * The source is the first usable body among the downloaded versions whose filename equals
     * {@code report_info.file_name} (newest created_at first), then the other {@code RESEARCH_REPORT}
     * versions (newest first). A missing, empty or white-space-only body, or one whose magic bytes show a
     * binary file, is passed over. The body is decoded as UTF-8 (invalid bytes replaced) and math-normalised.
     *
     * @param reportInfo the conversation's {@code report_info} ({@code {title, file_name, url}}), may be null
     * @param versions the manifest's versions ({@link AssetRun#manifest()})
     * @param bodies the bytes of a version's file, null when unavailable ({@link AssetFiles#bodies})
     */
    public static Optional<String> render(Map<String, Object> reportInfo, List<ManifestVersion> versions,
                                          Function<ManifestVersion, byte[]> bodies, Labels labels) {
        if (reportInfo == null) {
            return Optional.empty();
        }
        String fileName = J.firstStr(reportInfo, "file_name");
        for (ManifestVersion v : sources(fileName, versions)) {
            byte[] body = bodies.apply(v);
            if (body == null || isBlank(body) || AssetExtensions.looksBinary(body)) {
                continue;
            }
            String markdown = MathDelimiters.normalize(new String(body, StandardCharsets.UTF_8));
            String title = J.firstStr(reportInfo, "title");
            List<String> head = new ArrayList<>();
            head.add(labels.format(Label.REPORT_TITLE, title.isEmpty() ? labels.get(Label.REPORT_DEFAULT_TITLE) : title));
            head.add("");
            if (!fileName.isEmpty()) {
                head.add(labels.format(Label.REPORT_FILE, fileName));
                head.add("");
            }
            return Optional.of(String.join("\n", head) + "\n" + markdown);
        }
        return Optional.empty();
    }

    /** {@link #render} over a thread directory's files. */
    public static Optional<String> render(Map<String, Object> reportInfo, Manifest manifest, Path threadDir, Labels labels) {
        return render(reportInfo, manifest.versions(), AssetFiles.bodies(threadDir), labels);
    }

    /** The candidate versions in the order they are tried. */
    static List<ManifestVersion> sources(String fileName, List<ManifestVersion> versions) {
        Comparator<ManifestVersion> newestFirst = Comparator.comparingLong((ManifestVersion v) -> J.toLong(v.createdAt(), 0))
                .reversed();
        List<ManifestVersion> named = new ArrayList<>();
        List<ManifestVersion> reports = new ArrayList<>();
        for (ManifestVersion v : versions) {
            if (!v.downloaded()) {
                continue;
            }
            if (!fileName.isEmpty() && fileName.equals(v.filename())) {
                named.add(v);
            } else if (AssetCollector.RESEARCH_REPORT.equals(v.assetType())) {
                reports.add(v);
            }
        }
        named.sort(newestFirst);
        reports.sort(newestFirst);
        named.addAll(reports);
        return named;
    }

    /** Python's {@code not body.strip()} on bytes: empty or only ASCII white space. */
    private static boolean isBlank(byte[] body) {
        for (byte b : body) {
            if (!AssetExtensions.isAsciiSpace(b)) {
                return false;
            }
        }
        return true;
    }
}
