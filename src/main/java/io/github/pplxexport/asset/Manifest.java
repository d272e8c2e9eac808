package io.github.pplxexport.asset;

import io.github.pplxexport.archive.ThreadFiles;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import io.github.pplxexport.json.JsonException;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.text.PyStrings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code assets/assets_manifest.json} (reference-behaviour.md §5.4, reference-cli-and-archive.md §3.8):
 * <pre>{"count": &lt;total versions&gt;, "files": [{"filename", "n_versions", "versions": [
 *     {"uuid", "asset_type", "version", "created_at", "downloaded_to"[, "no_download_channel": true][, "asset_expired": true]}]}]}</pre>
 * Files sorted by filename (code point order, as Python sorts str), versions by created_at read leniently
 * as an integer (stable), {@code n_versions} = the versions listed, {@code count} = Σ n_versions; Python
 * indent 1, no trailing newline.
 */
public final class Manifest {
    public static final String FILE_NAME = "assets_manifest.json";
    /** The manifest relative to a thread directory. */
    public static final String PATH = ThreadFiles.ASSETS_DIR + "/" + FILE_NAME;

    private static final Set<String> KNOWN_KEYS = Set.of("uuid", "asset_type", "version", "created_at",
            "downloaded_to", "no_download_channel", "asset_expired");

    private final List<ManifestVersion> versions;

    public Manifest(List<ManifestVersion> versions) {
        this.versions = List.copyOf(versions);
    }

    public static final Manifest EMPTY = new Manifest(List.of());

    /** Every version, in the order given (not the file's order). */
    public List<ManifestVersion> versions() {
        return versions;
    }

    /** Total versions: the manifest's {@code count}. */
    public int count() {
        return versions.size();
    }

    public boolean isEmpty() {
        return versions.isEmpty();
    }

    /** The file's text. */
    public String toJson() {
        Map<String, List<ManifestVersion>> files = new TreeMap<>(PyStrings::compare);
        for (ManifestVersion v : versions) {
            files.computeIfAbsent(v.filename(), k -> new ArrayList<>()).add(v);
        }
        List<Object> fileList = new ArrayList<>();
        for (Map.Entry<String, List<ManifestVersion>> f : files.entrySet()) {
            List<ManifestVersion> vs = new ArrayList<>(f.getValue());
            vs.sort(Comparator.comparingLong(v -> J.toLong(v.createdAt(), 0)));
            List<Object> vl = new ArrayList<>();
            for (ManifestVersion v : vs) {
                vl.add(versionJson(v));
            }
            Map<String, Object> file = new LinkedHashMap<>();
            file.put("filename", f.getKey());
            file.put("n_versions", vs.size());
            file.put("versions", vl);
            fileList.add(file);
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("count", versions.size());
        doc.put("files", fileList);
        return PyJson.pretty(doc);
    }

    private static Map<String, Object> versionJson(ManifestVersion v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("uuid", v.uuid());
        m.put("asset_type", v.assetType());
        m.put("version", v.version());
        m.put("created_at", v.createdAt());
        m.put("downloaded_to", v.downloadedTo());
        if (v.noDownloadChannel()) {
            m.put("no_download_channel", true);
        }
        if (v.assetExpired()) {
            m.put("asset_expired", true);
        }
        v.extra().forEach(m::putIfAbsent);
        return m;
    }

    /**
     * Reads a manifest's text leniently: entries that are not objects are skipped, missing fields read as
     * "" (created_at as null), unknown version keys are kept.
     *
     * @throws JsonException when the text is not a JSON object
     */
    public static Manifest parse(String json) {
        Object doc = Json.parse(json);
        if (!J.isMap(doc)) {
            throw new JsonException("top level is " + J.typeName(doc) + ", expected an object", null);
        }
        List<ManifestVersion> out = new ArrayList<>();
        for (Object f : J.list(doc, "files")) {
            String filename = J.asText(J.get(f, "filename"));
            for (Object o : J.list(f, "versions")) {
                Map<String, Object> v = J.asMap(o);
                if (v == null) {
                    continue;
                }
                Map<String, Object> extra = new LinkedHashMap<>();
                v.forEach((k, val) -> {
                    if (!KNOWN_KEYS.contains(k)) {
                        extra.put(k, val);
                    }
                });
                out.add(new ManifestVersion(filename, J.str(v, "uuid"), J.str(v, "asset_type"), J.str(v, "version"),
                        v.get("created_at"), J.str(v, "downloaded_to"), J.truthy(v.get("no_download_channel")),
                        J.truthy(v.get("asset_expired")), extra));
            }
        }
        return new Manifest(out);
    }

    /**
     * The manifest of a thread directory; empty when there is none.
     *
     * @throws IOException when it cannot be read
     * @throws JsonException when it is not a JSON object
     */
    public static Optional<Manifest> read(Path threadDir) throws IOException {
        Path file = threadDir.resolve(PATH);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        return Optional.of(parse(Files.readString(file)));
    }
}
