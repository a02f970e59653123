package io.github.hessiantime.dubbo;

import org.apache.dubbo.common.logger.LoggerFactory;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * Whether {@code hessian2-time} can work in this class path, decided once when Dubbo first loads one of our
 * extensions. When it cannot, our extensions step aside: the serialization class refuses to load, which Dubbo's
 * extension loader treats as "no such extension" (silently), so this application neither advertises nor picks
 * {@code hessian2-time} and keeps talking {@code hessian2}. This is the only place the outcome is logged, once:
 *
 * <ul>
 *   <li>Dubbo 3.2 / 3.3 where it works: one INFO line, {@value #AVAILABLE}..., naming the protocols it is
 *       offered on;</li>
 *   <li>Dubbo 3.2 / 3.3 where one of the jar's SPI files is missing (a shaded jar built without merging
 *       {@code META-INF/dubbo/} files keeps one jar's file of a name and drops the others): not offered, one ERROR
 *       naming the missing files and the fix. Every part needs the others (the Serialization without the Protocol
 *       wrapper would advertise it where a Triple consumer without the jar reads it), so all of them step aside;</li>
 *   <li>Dubbo 3.2 / 3.3 where our codecs or hessian-lite do not link or do not round-trip a value: not offered, one
 *       warning naming the cause;</li>
 *   <li>Dubbo 2.7 (no scope models, no {@code prefer-serialization}): not offered, nothing logged, because with the
 *       jar 2.7 must behave exactly as without it.</li>
 * </ul>
 * The state is a fact about the class path, not configuration: it cannot change while the class is loaded.
 */
final class Hessian2TimeSupport {
    // No hessian-lite type appears in this class (the probe is a class of its own), so that it links, and the
    // check can report the problem, even on a class path without hessian-lite.

    /** How the INFO line of a healthy start begins. */
    static final String AVAILABLE = "hessian2-time is available";

    /** Why hessian2-time is not offered, or {@code null} when it is. */
    static final String UNAVAILABLE;

    /**
     * The SPI files the jar ships, each with the one extension it registers: hessian2-time works only with all of
     * them (see {@link #missingSpiFiles}).
     */
    static final List<List<String>> SPI_FILES = Collections.unmodifiableList(Arrays.asList(
            spi("org.apache.dubbo.common.serialize.Serialization", "Hessian2TimeSerialization"),
            spi("org.apache.dubbo.rpc.model.ScopeModelInitializer", "Hessian2TimeScopeModelInitializer"),
            spi("org.apache.dubbo.rpc.Protocol", "Hessian2TimeProtocolWrapper"),
            spi("org.apache.dubbo.rpc.model.PackableMethodFactory", "Hessian2TimePackableMethodFactory"),
            spi("org.apache.dubbo.qos.api.BaseCommand", "Hessian2TimeCommand")));

    // the directories Dubbo's extension loader reads, each with every file of a name the class path has
    private static final List<String> SPI_DIRECTORIES =
            Arrays.asList("META-INF/dubbo/", "META-INF/dubbo/internal/", "META-INF/services/");

    static {
        UNAVAILABLE = check();
        if (UNAVAILABLE == null) {
            // after UNAVAILABLE is set: TripleSupport's check reads it
            LoggerFactory.getLogger(Hessian2TimeSupport.class).info(AVAILABLE + " (serialization id "
                    + Hessian2TimeSerialization.CONTENT_TYPE_ID + "): this application reads and writes it; providers "
                    + "offer it with prefer-serialization=hessian2-time,hessian2 " + (TripleSupport.UNAVAILABLE == null
                    ? "on the dubbo and tri protocols" : "on the dubbo protocol only (not over Triple, see above)")
                    + "; the QoS command hessian2Time shows who uses it");
        }
    }

    private Hessian2TimeSupport() {
    }

    private static String check() {
        if (!present("org.apache.dubbo.rpc.model.ScopeModelInitializer")) {
            return "Dubbo before 3.2 has no prefer-serialization negotiation; hessian2-time needs Dubbo 3.2 or later";
        }
        List<String> missing = missingSpiFiles(Hessian2TimeSupport.class.getClassLoader());
        if (!missing.isEmpty()) {
            String reason = missingSpiFilesReason(missing);
            LoggerFactory.getLogger(Hessian2TimeSupport.class).error(reason);
            return reason;
        }
        try {
            Hessian2TimeProbe.roundTripOneValue();
            return null;
        } catch (Exception | LinkageError e) {
            String reason = "hessian2-time cannot initialise (" + e + "); this application does not offer it and "
                    + "keeps using hessian2 with every peer";
            LoggerFactory.getLogger(Hessian2TimeSupport.class).warn(reason, e);
            return reason;
        }
    }

    /**
     * Throws where hessian2-time does not exist: called from the static initializer of an extension, it makes the
     * class refuse to load, which Dubbo's extension loader takes as "no such extension".
     */
    static void requireAvailable() {
        if (UNAVAILABLE != null) {
            throw new IllegalStateException(UNAVAILABLE);
        }
    }

    /**
     * The SPI files of {@link #SPI_FILES} that {@code loader} lacks, as {@code META-INF/dubbo/<interface>}: those of
     * which no copy, in any directory Dubbo reads, registers hessian-time's extension.
     */
    static List<String> missingSpiFiles(ClassLoader loader) {
        List<String> missing = new ArrayList<>();
        for (List<String> file : SPI_FILES) {
            if (!registered(loader, file.get(0), file.get(1))) {
                missing.add(SPI_DIRECTORIES.get(0) + file.get(0));
            }
        }
        return missing;
    }

    static String missingSpiFilesReason(List<String> missing) {
        return "hessian2-time is switched off: this class path lacks hessian-time's " + String.join(", ", missing)
                + " (in a shaded jar, another jar's file of the same name was kept instead); this application does not "
                + "offer hessian2-time and keeps using hessian2 with every peer. Fix: merge the META-INF/dubbo/ files "
                + "of all jars, with maven-shade-plugin's AppendingTransformer for each (see hessian-time's "
                + "docs/dubbo.md, \"A shaded application jar\")";
    }

    private static boolean registered(ClassLoader loader, String extensionPoint, String className) {
        for (String directory : SPI_DIRECTORIES) {
            try {
                Enumeration<URL> files = loader.getResources(directory + extensionPoint);
                while (files.hasMoreElements()) {
                    if (names(files.nextElement(), className)) {
                        return true;
                    }
                }
            } catch (IOException unreadable) {
                // a file that cannot be read registers nothing: Dubbo's loader would not read it either
            }
        }
        return false;
    }

    /** Whether the SPI file at {@code file} has a line {@code name=className} (or just {@code className}). */
    private static boolean names(URL file, String className) throws IOException {
        try (InputStream in = file.openStream();
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                int comment = line.indexOf('#');
                String entry = comment >= 0 ? line.substring(0, comment) : line;
                int equals = entry.indexOf('=');
                if (entry.substring(equals + 1).trim().equals(className)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<String> spi(String extensionPoint, String simpleName) {
        return Collections.unmodifiableList(Arrays.asList(extensionPoint, "io.github.hessiantime.dubbo." + simpleName));
    }

    /** Whether {@code className} can be loaded from the class path that loaded hessian-time. */
    static boolean present(String className) {
        try {
            Class.forName(className, false, Hessian2TimeSupport.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
