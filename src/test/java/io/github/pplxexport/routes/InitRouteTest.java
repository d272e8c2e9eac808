package io.github.pplxexport.routes;

import io.github.pplxexport.account.InitRequest;
import io.github.pplxexport.ask.AskMode;
import io.github.pplxexport.ask.ModelCatalog;
import io.github.pplxexport.config.UserConfig;
import io.github.pplxexport.json.J;
import io.github.pplxexport.json.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The init route against answers the replay does not make (WireMock): a login with four account tokens, one
 * refused (401) and one whose e-mail's local part is taken (key {@code alice-2}); the spaces listed as
 * {@code {"collections": [...]}} with the BOT title in another case; the model table kept as the archive's model
 * catalog (index/models_cache.json, where ask reads it; the config gets no [models]);
 * and, when asked and no space has the title, the space created once (a POST, never retried) while a model table
 * that stays a 503 is only a warning.
 */
class InitRouteTest extends RouteTestSupport {
    static final String SESSION = "__Secure-next-auth.session-token";

    @Override
    Properties properties() {
        Properties p = new Properties();
        try {
            Path login = Files.createTempFile("login", ".txt");
            StringBuilder c = new StringBuilder("127.0.0.1\tFALSE\t/\tFALSE\t0\t" + SESSION + "\ttok-b\n");
            for (String t : List.of("a", "b", "c", "d")) {
                c.append("127.0.0.1\tFALSE\t/\tFALSE\t0\t__Secure-pplx.session.uid-").append(t).append("\ttok-").append(t).append('\n');
            }
            Files.writeString(login, c, StandardCharsets.UTF_8);
            login.toFile().deleteOnExit();
            p.put("pplx.api.cookies-file", login.toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return p;
    }

    private void sessions() {
        session("tok-a", "alice@example.com", "Alice A");
        session("tok-b", "bob@example.com", "Bob B");
        api.stubFor(get(urlPathEqualTo("/api/auth/session")).withCookie(SESSION, equalTo("tok-c"))
                .willReturn(aResponse().withStatus(401).withBody("{}")));
        session("tok-d", "alice@other.example", "Alice Other");
    }

    private void session(String token, String email, String name) {
        api.stubFor(get(urlPathEqualTo("/api/auth/session")).withCookie(SESSION, equalTo(token))
                .willReturn(okJson("{\"user\": {\"email\": \"" + email + "\", \"name\": \"" + name + "\"}}")));
    }

    @Test
    void accountsFromEveryTokenTheBotSpaceByTitleAndTheModelsSeeded() throws Exception {
        sessions();
        api.stubFor(get(urlPathEqualTo("/rest/collections/list_user_collections")).willReturn(okJson(
                "{\"collections\": [{\"title\": \"Papers\", \"uuid\": \"u-1\", \"slug\": \"papers-1\"},"
                        + " {\"title\": \"bot\", \"uuid\": \"u-bot\", \"slug\": \"bot-9f\"}]}")));
        api.stubFor(get(urlPathEqualTo("/rest/models/config/v2")).willReturn(okJson(
                "{\"models\": {\"pplx_pro\": {\"label\": \"Pro\", \"mode\": \"search\"}}, \"default_models\": {\"search\": \"pplx_pro\"}}")));
        Path config = out.resolve("conf/config.toml");
        Path catalog = archive().resolve("index/models_cache.json");

        String summary = template.requestBody("direct:init", new InitRequest(config, "BOT", false), String.class);

        assertEquals("{\"config\": \"" + config + "\", \"accounts\": [\"bob\", \"alice\", \"alice-2\"], \"default_account\": \"bob\","
                + " \"bot_space\": {\"uuid\": \"u-bot\", \"slug\": \"bot-9f\"}, \"models_cache\": \"" + catalog + "\"}", summary);
        UserConfig c = UserConfig.load(config, Map.of(), out);
        assertEquals("bob", c.defaultAccount());
        assertEquals(new UserConfig.Account("alice-2", "Alice Other", "alice@other.example", "uid-d"), c.account("alice-2").orElseThrow());
        assertEquals(new UserConfig.Account("bob", "Bob B", "bob@example.com", "uid-b"), c.account("bob").orElseThrow());
        String toml = Files.readString(config);
        assertTrue(toml.contains("[bot_space]\nuuid = \"u-bot\"\nslug = \"bot-9f\"\n") && !toml.contains("[models]"), toml);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(config)));
        assertEquals("pplx_pro", ModelCatalog.load(archive()).modelFor(AskMode.SEARCH, List.of()), "the catalog ask reads");
        assertEquals("pplx_pro", J.str(J.map(Json.readObject(catalog), "default_models"), "search"));
        assertFalse(Files.exists(config.resolveSibling("models_cache.json")), "no second catalog beside the config");
        assertTrue(logLines().stream().anyMatch(l -> l.contains("token uid-c was refused")), logLines().toString());
        assertTrue(logLines().stream().noneMatch(l -> l.contains("tok-")), "no token in the log");
    }

    @Test
    void theBotSpaceCreatedWhenAskedAndNoneHasItsTitleAndAFailedModelTableIsAWarning() throws Exception {
        sessions();
        api.stubFor(get(urlPathEqualTo("/rest/collections/list_user_collections")).willReturn(okJson("[]")));
        api.stubFor(post(urlPathEqualTo("/rest/collections/create_collection"))
                .withRequestBody(equalToJson("{\"title\": \"Archive\", \"description\": \"\", \"emoji\": \"1f4c1\","
                        + " \"appearance\": null, \"instructions\": \"\", \"access\": 1}"))
                .willReturn(okJson("{\"uuid\": \"u-new\", \"slug\": \"archive-1a2b3c\", \"title\": \"Archive\"}")));
        api.stubFor(get(urlPathEqualTo("/rest/models/config/v2")).willReturn(aResponse().withStatus(503)));
        Path config = out.resolve("config.toml");

        String summary = template.requestBody("direct:init", new InitRequest(config, "Archive", true), String.class);

        assertTrue(summary.endsWith("\"bot_space\": {\"uuid\": \"u-new\", \"slug\": \"archive-1a2b3c\"}, \"models_cache\": null}"), summary);
        assertEquals(1, api.findAll(postRequestedFor(urlPathEqualTo("/rest/collections/create_collection"))).size());
        assertTrue(logLines().stream().anyMatch(l -> l.startsWith("[init] cannot fetch the model table (")), logLines().toString());
        assertTrue(!Files.readString(config).contains("[models]") && !Files.exists(archive().resolve("index/models_cache.json")));
    }
}
