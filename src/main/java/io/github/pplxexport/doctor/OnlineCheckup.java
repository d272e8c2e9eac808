package io.github.pplxexport.doctor;

import io.github.pplxexport.json.J;
import io.github.pplxexport.json.PyJson;
import io.github.pplxexport.library.LibraryListing;
import io.github.pplxexport.thread.RawResponse;
import io.github.pplxexport.thread.ResponseParser;
import io.github.pplxexport.thread.SchemaDrift;
import io.github.pplxexport.thread.Turns;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * What doctor's network answers mean (the requests are the doctor routes'): the API reachable and how fast, a
 * Cloudflare challenge, the session valid and whose, page 1 of the library listing, and one recent thread parsed
 * with its schema drift. Plain words, each failure with its fix; never a cookie or token value.
 */
public final class OnlineCheckup {
    /** How a failed request is put into words (the Camel side's ApiErrors). */
    public interface Failure {
        /** The HTTP status, null when no answer came. */
        Integer status(Exception e);

        /** The error code ({@code CLOUDFLARE}, …), "" when none. */
        String code(Exception e);

        /** Why no answer came ({@code connection refused}, …), null when one did. */
        String noAnswer(Exception e);

        /** The failure in one line. */
        String line(Exception e);
    }

    private final String baseUrl;
    private final Failure failure;

    public OnlineCheckup(String baseUrl, Failure failure) {
        this.baseUrl = baseUrl;
        this.failure = failure;
    }

    /** The session check answered: the API reachable, and whose session it is against the account's configured email. */
    public List<Check> session(Map<String, Object> session, long millis, String account, String expectedEmail) {
        Check api = Check.ok("api", baseUrl + " answered in " + millis + " ms, no Cloudflare challenge");
        String email = J.str(J.map(session, "user"), "email");
        if (email.isEmpty()) {
            return List.of(api, Check.fail("session", "not logged in: the cookie has expired or is not a Perplexity login",
                    "log in to perplexity.ai in the browser again and export the cookies (or use --cookies-from BROWSER)"));
        }
        if (!expectedEmail.isEmpty() && !expectedEmail.equalsIgnoreCase(email)) {
            return List.of(api, Check.fail("session", "the cookie belongs to " + email + ", not to account '" + account
                    + "' (" + expectedEmail + ")", "log in as " + expectedEmail + " and export its cookies, or pass --account"));
        }
        return List.of(api, Check.ok("session", "valid, signed in as " + email + " (account '" + account + "')"));
    }

    /** The session check failed: which of the API or the session it says is wrong. */
    public List<Check> sessionFailed(Exception e) {
        String why = failure.noAnswer(e);
        if (why != null) {
            return List.of(Check.fail("api", baseUrl + " did not answer: " + why,
                    "check the network connection (and --base-url, or a proxy) and run doctor again"));
        }
        if ("CLOUDFLARE".equals(failure.code(e))) {
            return List.of(Check.fail("api", baseUrl + " answered with a Cloudflare challenge page",
                    "open perplexity.ai in the browser, pass the check, then export the cookies again (cf_clearance)"));
        }
        Integer status = failure.status(e);
        Check api = Check.ok("api", baseUrl + " answered (HTTP " + status + ")");
        if (status != null && (status == 401 || status == 403)) {
            return List.of(api, Check.fail("session", "refused (HTTP " + status + "): the cookie has expired or was revoked",
                    "log in to perplexity.ai in the browser again and export the cookies (or use --cookies-from BROWSER)"));
        }
        return List.of(api, Check.fail("session", "the session check failed: " + failure.line(e),
                "run doctor again in a minute; if it stays, the platform may have changed: update pplx-export"));
    }

    /** Page 1 of the listing; the uuid of its first (most recent) thread goes to {@code first[0]} ("" when none). */
    public Check listing(Map<String, Object> page, String[] first) {
        LibraryListing.Page p;
        try {
            p = LibraryListing.parsePage(page);
        } catch (RuntimeException e) {
            return Check.fail("library", "page 1 of the listing could not be read: " + e.getMessage(),
                    "the listing's shape may have changed: update pplx-export");
        }
        first[0] = p.rows().isEmpty() ? "" : J.str(p.rows().get(0), "entryUUID");
        return Check.ok("library", "page 1 of the listing: " + p.rows().size() + " thread(s)"
                + (p.nextCursor() == null || p.nextCursor().isEmpty() ? "" : ", more pages"));
    }

    public Check listingFailed(Exception e) {
        return Check.fail("library", "page 1 of the listing failed: " + failure.line(e),
                "run doctor again in a minute; if it stays, the platform may have changed: update pplx-export");
    }

    /** One recent thread's first page: parsed as the export parses it, and its schema drift. */
    public Check thread(String uuid, Map<String, Object> page) {
        String id = uuid.length() > 8 ? uuid.substring(0, 8) : uuid;
        try {
            RawResponse r = ResponseParser.parse(PyJson.compact(page).getBytes(StandardCharsets.UTF_8), true);
            int turns = Turns.of(r).size();
            List<SchemaDrift.Drift> drift = SchemaDrift.scan(page, null);
            if (!drift.isEmpty()) {
                return Check.fail("thread", id + " parsed (" + turns + " turn(s)) with schema drift: "
                        + String.join("; ", drift.stream().map(SchemaDrift.Drift::toString).toList()),
                        "update pplx-export; exports keep the raw payload, so `pplx-export re-render` mends them after");
            }
            return Check.ok("thread", id + " fetched and parsed: " + turns + " turn(s), no schema drift");
        } catch (RuntimeException e) {
            return Check.fail("thread", id + " does not parse: " + e.getMessage(),
                    "update pplx-export; exports keep the raw payload, so `pplx-export re-render` mends them after");
        }
    }

    public Check threadFailed(String uuid, Exception e) {
        return Check.fail("thread", (uuid.length() > 8 ? uuid.substring(0, 8) : uuid) + " could not be fetched: " + failure.line(e),
                "run doctor again in a minute; if it stays, run `pplx-export export " + uuid + "` -v and report its lines");
    }

}
