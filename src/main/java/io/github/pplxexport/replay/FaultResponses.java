package io.github.pplxexport.replay;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;

/** Turns an injected {@link FaultPlan.Fault} into the response a client sees. */
final class FaultResponses {
    /** A Cloudflare managed-challenge interstitial, in our own words, with the tell-tale title. */
    static final String CLOUDFLARE_PAGE = """
            <!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>\
            <meta http-equiv="Content-Type" content="text/html; charset=UTF-8"></head>\
            <body><noscript>Enable JavaScript and cookies to continue</noscript>\
            <p>Checking your browser before accessing the site.</p></body></html>""";
    static final String MALFORMED_BODY = "<html><body>replay: this 200 answer is not JSON</body></html>";

    private FaultResponses() {
    }

    /** The faulty answer; {@code normal} is computed only for faults that wrap the real answer. */
    static ReplayResponse apply(FaultPlan.Fault fault, Supplier<ReplayResponse> normal) {
        ReplayResponse r = switch (fault.kind()) {
            case STATUS -> status(fault.status());
            case CLOUDFLARE -> new ReplayResponse(403, "text/html; charset=UTF-8",
                    Map.of("cf-mitigated", "challenge", "Server", "cloudflare"),
                    CLOUDFLARE_PAGE.getBytes(StandardCharsets.UTF_8), 0, null, null);
            case MALFORMED -> new ReplayResponse(200, ReplayResponse.JSON, Map.of(),
                    MALFORMED_BODY.getBytes(StandardCharsets.UTF_8), 0, null, null);
            // the real answer; the server cuts its transfer short (WireFaults)
            case TRUNCATED, RESET -> normal.get();
            case SLOW -> normal.get().withDelay(fault.millis());
        };
        return r.withFault(fault.label());
    }

    /** The API's error answer for a status, e.g. 401 {@code {"error_code":"UNAUTHORIZED"}}; strict auth answers the same. */
    static ReplayResponse status(int status) {
        ReplayResponse r = ReplayResponse.error(status, errorCode(status));
        return status == 429 ? r.withBody(status, r.contentType(), Map.of("Retry-After", "1"), r.body()) : r;
    }

    private static String errorCode(int status) {
        return switch (status) {
            case 401 -> "UNAUTHORIZED";
            case 403 -> "FORBIDDEN";
            case 404 -> "NOT_FOUND";
            case 429 -> "RATE_LIMITED";
            case 500 -> "INTERNAL_SERVER_ERROR";
            case 502 -> "BAD_GATEWAY";
            case 503 -> "SERVICE_UNAVAILABLE";
            case 504 -> "GATEWAY_TIMEOUT";
            default -> "HTTP_" + status;
        };
    }
}
