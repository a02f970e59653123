package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A peer from before stream reuse and one with it read each other exactly: today's {@code hessian2-time} (reusing its
 * streams) writes, message after message, the bytes the library wrote before reuse existed
 * ({@code golden/hessian2-time-before-reuse.hex}, printed by {@link PagesBeforeReuse} from commit b314eb6 on Dubbo 3.3.6;
 * {@code -3.2.hex} on Dubbo 3.2.16 with com.alibaba:hessian-lite 3.2.13, for the build's dubbo-3.2-glue run), so the
 * old peer reads them as its own; and today's reader reads the old bytes back to equal values.
 */
class PeerBeforeReuseTest {
    private final FrameworkModel framework = PagesBeforeReuse.framework();
    private final URL url = DubboFramework.urlOf(framework);

    @AfterEach
    void destroy() {
        framework.destroy();
    }

    @Test
    void todaysStreamsWriteAndReadWhatThePeerBeforeReuseWrote() throws Exception {
        Map<String, byte[]> before = load();
        Map<String, Object> messages = PagesBeforeReuse.messages();
        assertEquals(messages.keySet(), before.keySet());
        for (int round = 0; round < 3; round++) {
            // in file order, so the reused stream follows a message of another shape (and a 300-row page, whose
            // stream is too big to keep)
            for (Map.Entry<String, Object> message : messages.entrySet()) {
                byte[] old = before.get(message.getKey());
                byte[] written = DubboFramework.write(framework, url, Hessian2TimeSerialization.NAME,
                        message.getValue());
                assertArrayEquals(old, written, "round " + round + ": " + message.getKey());
                assertEquals(message.getValue(),
                        DubboFramework.read(framework, url, Hessian2TimeSerialization.NAME, old, null));
                assertEquals(message.getValue(), DubboFramework.read(framework, url, Hessian2TimeSerialization.NAME,
                        old, message.getValue().getClass()));
            }
        }
        assertEquals(1, framework.getBeanFactory().getBean(Hessian2TimeFactoryManager.class)
                .outputPool(Thread.currentThread().getContextClassLoader()).kept(), "the messages reused a stream");
    }

    private static Map<String, byte[]> load() throws IOException {
        Map<String, byte[]> messages = new LinkedHashMap<>();
        String name = "3.2".equals(System.getProperty("hessiantime.hessianLiteLine"))
                ? "/golden/hessian2-time-before-reuse-3.2.hex" : "/golden/hessian2-time-before-reuse.hex";
        InputStream file = PeerBeforeReuseTest.class.getResourceAsStream(name);
        assertNotNull(file, name);
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(file, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.startsWith("#") || line.trim().isEmpty()) {
                    continue;
                }
                String[] parts = line.split("\t");
                byte[] bytes = new byte[parts[1].length() / 2];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) Integer.parseInt(parts[1].substring(2 * i, 2 * i + 2), 16);
                }
                messages.put(parts[0], bytes);
            }
        }
        return messages;
    }
}
