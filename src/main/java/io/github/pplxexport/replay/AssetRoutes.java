package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Asset endpoints, served from the files the exporter downloaded ({@code assets/assets_manifest.json}
 * and the {@code downloaded_to} file of each version).
 * <ul>
 * <li>{@code GET /rest/assets/<asset_uuid>/data}: the asset-data answer with a fresh "signed" URL
 *     pointing at this server's CDN path; 404 {@code ASSET_NOT_FOUND} for unknown or
 *     never-downloaded assets (and for {@code toolu_} workspace handles, as the real API does).</li>
 * <li>{@code GET /cdn/<web_uuid>/<asset_uuid>/<file name>}: the file bytes. Like a signed CDN URL
 *     it needs no cookie, and it refuses (403) any request that carries one, because the exporter
 *     must never send session cookies to a CDN host.</li>
 * </ul>
 */
final class AssetRoutes {
    static final String DATA_PREFIX = "/rest/assets/";
    static final String DATA_SUFFIX = "/data";
    static final String CDN_PREFIX = "/cdn/";
    private static final String MANIFEST = "assets/assets_manifest.json";

    private AssetRoutes() {
    }

    /** One downloaded version of an asset. */
    record AssetFile(ThreadRecord thread, Map<String, Object> version, Path file) {
    }

    static boolean serves(String path) {
        return (path.startsWith(DATA_PREFIX) && path.endsWith(DATA_SUFFIX)) || path.startsWith(CDN_PREFIX);
    }

    static ReplayResponse answer(ReplayRequest request, ReplayArchive archive) throws IOException {
        String path = request.path();
        if (path.startsWith(CDN_PREFIX)) {
            // /cdn/<web_uuid>/<asset_uuid>/<file name>; the name is decoration, as in a signed URL
            String[] parts = path.substring(CDN_PREFIX.length()).split("/", -1);
            return parts.length != 3 ? ReplayResponse.error(404, "NOT_FOUND")
                    : cdn(archive, QueryString.decodeSegment(parts[0]), QueryString.decodeSegment(parts[1]),
                            request.hasCookie());
        }
        String asset = QueryString.decodeSegment(path.substring(DATA_PREFIX.length(), path.length() - DATA_SUFFIX.length()));
        return data(archive, asset, request.header("Host"));
    }

    private static ReplayResponse data(ReplayArchive archive, String assetUuid, String host) {
        if (assetUuid.startsWith("toolu_")) {
            return ReplayResponse.error(404, "ASSET_NOT_FOUND");
        }
        Optional<AssetFile> found;
        try (Stream<Path> dirs = archive.threadDirs()) {
            found = dirs.filter(d -> Files.isRegularFile(d.resolve(MANIFEST)))
                    .map(d -> ThreadRecord.read(d, null)).flatMap(Optional::stream)
                    .map(t -> inThread(t, assetUuid)).flatMap(Optional::stream)
                    .findFirst();
        }
        if (found.isEmpty()) {
            return ReplayResponse.error(404, "ASSET_NOT_FOUND");
        }
        AssetFile a = found.get();
        String name = a.file().getFileName().toString();
        String url = "http://" + (host == null ? "127.0.0.1" : host) + CDN_PREFIX + a.thread().webUuid()
                + "/" + encode(assetUuid) + "/" + encode(name);
        Map<String, Object> download = new LinkedHashMap<>();
        download.put("url", url);
        download.put("filename", name);
        download.put("is_exportable", true);
        Map<String, Object> assetData = new LinkedHashMap<>();
        assetData.put("uuid", assetUuid);
        assetData.put("download_info", List.of(download));

        Map<String, Object> body = new LinkedHashMap<>();
        body.put("asset_data", assetData);
        body.put("entry_uuid", a.thread().webUuid());
        body.put("asset_type", J.get(a.version(), "asset_type"));
        body.put("signed_url", null);
        body.put("is_owner", true);
        return ReplayResponse.json(200, body);
    }

    private static ReplayResponse cdn(ReplayArchive archive, String webUuid, String assetUuid, boolean hasCookie)
            throws IOException {
        if (hasCookie) {
            return new ReplayResponse(403, "application/xml", Map.of(),
                    "<Error><Code>AccessDenied</Code><Message>requests carrying cookies are refused</Message></Error>"
                            .getBytes(StandardCharsets.UTF_8), 0, null, null);
        }
        Optional<AssetFile> found = archive.find(webUuid).flatMap(t -> inThread(t, assetUuid));
        if (found.isEmpty()) {
            return new ReplayResponse(404, "application/xml", Map.of(),
                    "<Error><Code>NoSuchKey</Code></Error>".getBytes(StandardCharsets.UTF_8), 0, null, null);
        }
        return new ReplayResponse(200, "application/octet-stream", Map.of(), Files.readAllBytes(found.get().file()),
                0, null, null);
    }

    /** The version with this uuid in the thread's manifest, when its file is on disk inside the thread dir. */
    private static Optional<AssetFile> inThread(ThreadRecord t, String assetUuid) {
        Map<String, Object> manifest;
        try {
            manifest = Json.readObject(t.dir().resolve(MANIFEST));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        for (Object f : J.list(manifest, "files")) {
            for (Object v : J.list(f, "versions")) {
                if (assetUuid.equals(J.str(v, "uuid"))) {
                    return downloadedFile(t.dir(), J.str(v, "downloaded_to"))
                            .map(file -> new AssetFile(t, J.asMap(v), file));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@code downloaded_to} read relative to the thread dir (or as given, when absolute); a path
     * that leaves the thread dir is ignored, so a hostile manifest cannot serve arbitrary files.
     */
    private static Optional<Path> downloadedFile(Path threadDir, String downloadedTo) {
        if (downloadedTo.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path base = threadDir.toAbsolutePath().normalize();
            Path file = base.resolve(downloadedTo).normalize();
            return file.startsWith(base) && Files.isRegularFile(file) ? Optional.of(file) : Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
