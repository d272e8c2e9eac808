package io.github.pplxexport.routes;

import io.github.pplxexport.conversation.Conversation;
import io.github.pplxexport.testkit.RawThreads;
import io.github.pplxexport.variant.AnswerVariant;
import io.github.pplxexport.export.SiblingLink;
import io.github.pplxexport.export.SiblingProbes;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.apache.camel.Exchange;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The probe-sibling route: its dead-letter channel takes the usual 403 (one record per link, ever), and a sibling
 * that answers lands in rewritten_answer_variant.md, never over a hand-written one.
 */
class SiblingProbeTest extends RouteTestSupport {
    static final String THREAD = "b2a69fad-0000-4000-8000-000000000001";
    static final String ENTRY = "7b0c5cd7-0000-4000-8000-000000000002";
    static final String SIBLING = "e1811fb2-0000-4000-8000-000000000003";
    static final SiblingLink LINK = new SiblingLink(THREAD, "How do ETags work?", ENTRY, SIBLING);

    private Path threadDir() throws Exception {
        return Files.createDirectories(archive().resolve("alice/search/2026-02-03_How-do-ETags-work_b2a69fad"));
    }

    private Exchange probe(Path dir) {
        return template.send("direct:probe-sibling", e -> {
            e.getIn().setBody(LINK);
            e.setVariable("threadDir", dir);
        });
    }

    /** The variant hits of a conversation whose sibling was not probed yet, as export-thread asks. */
    private List<SiblingLink> pending() throws Exception {
        Conversation c = RawThreads.identified(THREAD, LINK.title(),
                List.of(new AnswerVariant(ENTRY, SIBLING, Map.of("entry_uuid", ENTRY, "sibling_uuid", SIBLING))));
        return context.getRegistry().lookupByNameAndType("siblingProbes", SiblingProbes.class).pending(c);
    }

    @Test
    void theUsualRefusalGoesToTheDeadLetterChannelOnceEver() throws Exception {
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + SIBLING))
                .willReturn(aResponse().withStatus(403).withBody("{\"error_code\": \"VIEW_THREAD_NOT_ALLOWED\"}")));
        assertEquals(List.of(LINK), pending());

        Exchange done = probe(threadDir());

        assertFalse(done.isFailed(), "the dead-letter channel handled it: the thread's export goes on");
        assertNull(done.getException());
        assertEquals(1, api.findAll(getRequestedFor(urlPathEqualTo("/rest/thread/" + SIBLING))).size(), "asked once, not retried");
        List<String> dead = Files.readAllLines(archive().resolve("index/dead_letters.jsonl"), StandardCharsets.UTF_8);
        assertEquals(1, dead.size());
        Map<String, Object> letter = J.asMap(Json.parse(dead.get(0)));
        assertEquals(List.of("time", "kind", "web_uuid", "entry_uuid", "sibling_uuid", "status", "error_code", "error"),
                List.copyOf(letter.keySet()));
        assertEquals("sibling_link", letter.get("kind"));
        assertEquals(THREAD, letter.get("web_uuid"));
        assertEquals(ENTRY, letter.get("entry_uuid"));
        assertEquals(SIBLING, letter.get("sibling_uuid"));
        assertEquals(403, ((Number) letter.get("status")).intValue());
        assertEquals("VIEW_THREAD_NOT_ALLOWED", letter.get("error_code"));
        assertTrue(J.str(letter, "time").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), letter.toString());

        assertEquals(List.of(), pending(), "recorded: never probed again");
    }

    @Test
    void aRateLimitedProbeIsRetriedFirst() throws Exception {
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + SIBLING)).willReturn(aResponse().withStatus(429)));

        probe(threadDir());

        assertEquals(3, api.findAll(getRequestedFor(urlPathEqualTo("/rest/thread/" + SIBLING))).size(),
                "the request policy applies to the probe too; then the dead letter");
        Map<String, Object> letter = J.asMap(Json.parse(Files.readAllLines(archive().resolve("index/dead_letters.jsonl")).get(0)));
        assertEquals(429, ((Number) letter.get("status")).intValue());
    }

    @Test
    void aSiblingThatAnswersIsSavedWithWhereItCameFromAndRegistered() throws Exception {
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + SIBLING))
                .willReturn(okJson(thread(SIBLING, "How do ETags work?", "How do ETags work?", "The replaced answer."))));
        Path dir = threadDir();

        Exchange done = probe(dir);

        assertFalse(done.isFailed());
        String md = Files.readString(dir.resolve("rewritten_answer_variant.md"), StandardCharsets.UTF_8);
        assertTrue(md.contains("`GET /rest/thread/" + SIBLING + "`") && md.contains("entry `" + ENTRY + "`"),
                "the header says where it came from: " + md);
        assertTrue(md.contains("The replaced answer."), md);
        assertFalse(Files.exists(archive().resolve("index/dead_letters.jsonl")), "no dead letter");
        List<String> registry = Files.readAllLines(archive().resolve("index/answer_variants_log.jsonl"), StandardCharsets.UTF_8);
        assertEquals(1, registry.size());
        Map<String, Object> rec = J.asMap(Json.parse(registry.get(0)));
        assertEquals("sibling", rec.get("source"));
        assertEquals(SIBLING, rec.get("sibling_uuid"));
        assertEquals("alice/search/2026-02-03_How-do-ETags-work_b2a69fad/rewritten_answer_variant.md", rec.get("file"));

        assertEquals(List.of(), pending(), "registered: never probed again");
    }

    @Test
    void aHandWrittenVariantFileIsNeverOverwritten() throws Exception {
        api.stubFor(get(urlPathEqualTo("/rest/thread/" + SIBLING))
                .willReturn(okJson(thread(SIBLING, "t", "q", "The fetched answer."))));
        Path dir = threadDir();
        Files.writeString(dir.resolve("rewritten_answer_variant.md"), "# What I remember of the old answer\n");

        probe(dir);

        assertEquals("# What I remember of the old answer\n", Files.readString(dir.resolve("rewritten_answer_variant.md")));
        assertTrue(Files.readString(dir.resolve("rewritten_answer_variant.fetched.md")).contains("The fetched answer."));
    }
}
