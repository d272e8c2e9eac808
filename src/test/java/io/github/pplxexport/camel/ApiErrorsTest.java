package io.github.pplxexport.camel;

import org.apache.camel.RuntimeCamelException;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.apache.hc.client5.http.HttpHostConnectException;
import org.apache.hc.core5.http.HttpHost;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.AccessDeniedException;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Why a request got no answer, in the words of the one-line errors and the retry announcements. */
class ApiErrorsTest {
    @Test
    void networkFailuresInWords() {
        ConnectException refused = new ConnectException("Connection refused");
        assertEquals("connection refused", ApiErrors.noAnswer(
                new HttpHostConnectException("Connect to http://127.0.0.1:9 failed: Connection refused", new HttpHost("http", "127.0.0.1", 9))));
        assertEquals("connection refused", ApiErrors.noAnswer(new RuntimeCamelException(refused)), "out of Camel's wrapper");
        assertEquals("timed out", ApiErrors.noAnswer(new SocketTimeoutException("Read timed out")));
        assertEquals("unknown host www.example.invalid", ApiErrors.noAnswer(new UnknownHostException("www.example.invalid")));
        assertEquals("network error (connection refused)", new ApiErrors().reason(refused));
    }

    @Test
    void anAnswerOrALocalFailureIsNotANetworkFailure() {
        assertNull(ApiErrors.noAnswer(new HttpOperationFailedException("http://127.0.0.1/rest/thread/x", 503, "Service Unavailable",
                null, Map.of(), "")));
        assertNull(ApiErrors.noAnswer(new AccessDeniedException("/archive/index/batch_state.json")));
    }
}
