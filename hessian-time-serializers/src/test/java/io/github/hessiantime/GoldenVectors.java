package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** One line of a golden vector file under {@code src/test/resources/golden}. */
final class GoldenVectors {
    final String type;
    final String text;
    final Object value;
    final byte[] bytes;

    private GoldenVectors(String type, String text, byte[] bytes) {
        this.type = type;
        this.text = text;
        this.value = EdgeCorpus.parse(type, text);
        this.bytes = bytes;
    }

    static List<GoldenVectors> load(String file) {
        List<GoldenVectors> vectors = new ArrayList<>();
        try (InputStream stream = GoldenVectors.class.getResourceAsStream("/golden/" + file)) {
            if (stream == null) {
                throw new IllegalStateException("missing golden file " + file);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] parts = line.split("\t");
                vectors.add(new GoldenVectors(parts[0], parts[1], Hessian.unhex(parts[2])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (vectors.isEmpty()) {
            throw new IllegalStateException("no vectors in " + file);
        }
        return vectors;
    }

    @Override
    public String toString() {
        return type + " " + text;
    }
}
