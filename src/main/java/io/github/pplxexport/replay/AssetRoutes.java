package io.github.pplxexport.replay;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;

import java.io.IOException;
import java.net.URLConnection;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The asset-data endpoint and the CDN, served from the files the exporter downloaded
 * ({@code assets/assets_manifest.json} and the {@code downloaded_to} file of each version), found by
 * asset uuid in any thread of the archive.
 * <ul>
 * <li>{@code GET /rest/assets/<asset_uuid>/data}: the asset-data answer with a freshly signed URL
 *     {@code http://cdn.pplx-sample.invalid/<web_uuid>/<asset_uuid>/<file>?Expires=…&Signature=…&Key-Pair-Id=…};
 *     404 {@code ASSET_NOT_FOUND} for unknown, never-downloaded or {@code asset-gone} assets and for
 *     {@code toolu_} workspace handles, as the real API does.</li>
 * <li>The CDN: {@code GET http://cdn.pplx-sample.invalid/<web_uuid>/<asset_uuid>/<file>?…} sent through this
 *     server as an HTTP proxy (the URLs in raw_blocks.json, served verbatim), and the same path under
 *     {@code /cdn/} on this server. The file name and, except for {@code url-expired}, the query are
 *     decoration, as in a signed URL. Like a signed URL it needs no session: a request carrying a cookie or
 *     another session header ({@link ReplayRequest#SESSION_HEADERS}) gets 400 {@code InvalidRequest}. An
 *     {@code asset-gone} asset, or an {@code url-expired} one reached by any URL but a fresh one from
 *     {@code /data}, gets 403 {@code AccessDenied} (CloudFront's answer to an expired signature); an asset
 *     without a file, 404 {@code NoSuchKey}. Errors are S3/CloudFront-style XML.</li>
 * </ul>
 */
final class AssetRoutes {
    static final String DATA_PREFIX = "/rest/assets/";
    static final String DATA_SUFFIX = "/data";
    static final String CDN_PREFIX = "/cdn/";
    private static final String MANIFEST = "assets/assets_manifest.json";
    /** Far in the future: a fresh URL never expires by time, only by the {@code url-expired}/{@code asset-gone} faults. */
    private static final String FRESH_EXPIRES = "4102444800";
    private static final String KEY_PAIR_ID = "APKAREPLAYSIGNER";

    private AssetRoutes() {
    }

    /** One downloaded version of an asset. */
    record AssetFile(ThreadRecord thread, Map<String, Object> version, Path file) {
    }

    static boolean isData(String path) {
        return path.startsWith(DATA_PREFIX) && path.endsWith(DATA_SUFFIX);
    }

    static boolean isCdn(String path) {
        return path.startsWith(CDN_PREFIX);
    }

    static ReplayResponse data(ReplayRequest request, ReplayArchive archive, FaultPlan faults) {
        String path = request.path();
        String assetUuid = QueryString.decodeSegment(path.substring(DATA_PREFIX.length(), path.length() - DATA_SUFFIX.length()));
        Optional<AssetFile> found = assetUuid.startsWith("toolu_") || faults.has(FaultPlan.Mark.ASSET_GONE, assetUuid)
                ? Optional.empty() : find(archive, assetUuid);
        if (found.isEmpty()) {
            return ReplayResponse.error(404, "ASSET_NOT_FOUND");
        }
        AssetFile a = found.get();
        String name = a.file().getFileName().toString();
        Map<String, Object> download = new LinkedHashMap<>();
        download.put("url", freshUrl(a.thread().webUuid(), assetUuid, name));
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

    /** The CDN; {@code cdnPath} is {@code /<web_uuid>/<asset_uuid>/<file name>}. */
    static ReplayResponse cdn(ReplayRequest request, String cdnPath, ReplayArchive archive, FaultPlan faults)
            throws IOException {
        List<String> session = request.sessionHeaderNames();
        if (!session.isEmpty()) {
            return xmlError(400, "InvalidRequest", "a signed URL takes no session headers, got: " + String.join(", ", session));
        }
        String[] parts = cdnPath.substring(1).split("/", -1);
        if (parts.length != 3) {
            return xmlError(404, "NoSuchKey", "The specified key does not exist.");
        }
        String assetUuid = QueryString.decodeSegment(parts[1]);
        if (faults.has(FaultPlan.Mark.ASSET_GONE, assetUuid)
                || (faults.has(FaultPlan.Mark.URL_EXPIRED, assetUuid) && !freshlySigned(request, assetUuid))) {
            return xmlError(403, "AccessDenied", "Access denied");
        }
        Optional<AssetFile> found = find(archive, assetUuid);
        if (found.isEmpty()) {
            return xmlError(404, "NoSuchKey", "The specified key does not exist.");
        }
        Path file = found.get().file();
        String type = URLConnection.guessContentTypeFromName(file.getFileName().toString());
        return new ReplayResponse(200, type == null ? "application/octet-stream" : type, Map.of(),
                Files.readAllBytes(file), 0, null, null);
    }

    /** A URL as {@code /data} signs it: on the CDN host, with this server's signature for the asset. */
    static String freshUrl(String webUuid, String assetUuid, String fileName) {
        return "http://" + ReplayApi.CDN_HOST + "/" + encode(webUuid) + "/" + encode(assetUuid) + "/" + encode(fileName)
                + "?Expires=" + FRESH_EXPIRES + "&Signature=" + signature(assetUuid) + "&Key-Pair-Id=" + KEY_PAIR_ID;
    }

    private static boolean freshlySigned(ReplayRequest request, String assetUuid) {
        return signature(assetUuid).equals(QueryString.first(request.query(), "Signature"));
    }

    private static String signature(String assetUuid) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(("pplx-replay-resign:" + assetUuid).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static ReplayResponse xmlError(int status, String code, String message) {
        String body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>" + code + "</Code><Message>"
                + message + "</Message></Error>";
        return new ReplayResponse(status, "application/xml", Map.of(), body.getBytes(StandardCharsets.UTF_8), 0, null, null);
    }

    /** The downloaded version with this uuid, in the first thread whose manifest has it with a file on disk. */
    private static Optional<AssetFile> find(ReplayArchive archive, String assetUuid) {
        try (Stream<Path> dirs = archive.threadDirs()) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve(MANIFEST)))
                    .map(d -> ThreadRecord.read(d, null)).flatMap(Optional::stream)
                    .map(t -> inThread(t, assetUuid)).flatMap(Optional::stream)
                    .findFirst();
        }
    }

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
