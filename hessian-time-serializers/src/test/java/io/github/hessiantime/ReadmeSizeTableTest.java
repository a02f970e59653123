package io.github.hessiantime;

import io.github.hessiantime.testsupport.EdgeCorpus;
import com.alibaba.com.caucho.hessian.io.SerializerFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every row of the size table in the README is measured again here, so the README cannot drift from the code.
 * A row: | `Type` | `value` | stock first / later | hessian-time first / later |
 */
class ReadmeSizeTableTest {
    private static final Pattern ROW = Pattern.compile(
            "^\\| `(\\w+)` \\| `([^`]+)` \\| (\\d+) / (\\d+) \\| (\\d+) / (\\d+) \\|.*$");

    @Test
    void everyReadmeRowIsWhatTheCodeWrites() throws IOException {
        Path readme = Paths.get(System.getProperty("hessiantime.mainClasses"), "..", "..", "..", "README.md").normalize();
        List<String> rows = new ArrayList<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(readme, StandardCharsets.UTF_8)) {
            if (line.contains("<!-- sizes:start -->")) {
                inTable = true;
            } else if (line.contains("<!-- sizes:end -->")) {
                inTable = false;
            } else if (inTable && line.startsWith("| `")) {
                rows.add(line);
            }
        }
        assertEquals(15, rows.size(), "one row per java.time type, and Date");
        for (String row : rows) {
            Matcher m = ROW.matcher(row);
            assertTrue(m.matches(), "unreadable row: " + row);
            Object value = parse(m.group(1), m.group(2));
            assertEquals(m.group(3) + " / " + m.group(4), sizes(new SerializerFactory(), value), "hessian-lite: " + row);
            assertEquals(m.group(5) + " / " + m.group(6), sizes(Hessian.compactFactory(), value), "hessian-time: " + row);
        }
    }

    /** "first / later": alone in a fresh stream, and after a different value of the same type. */
    static String sizes(SerializerFactory factory, Object value) {
        int first = Hessian.write(factory, value).length;
        Object primer = EdgeCorpus.primerFor(value);
        int later = Hessian.write(factory, primer, value).length - Hessian.write(factory, primer).length;
        return first + " / " + later;
    }

    private static Object parse(String type, String text) {
        if (type.equals("Date")) {
            return Date.from(Instant.parse(text));
        }
        return EdgeCorpus.parse(type, text);
    }


    /** Prints the table rows, for writing the README; not a test. */
    public static void main(String[] args) {
        Object[][] rows = {
                {"Date", "2025-11-22T10:15:30.123Z"},
                {"Instant", "2025-11-22T10:15:30.123Z"}, {"LocalDateTime", "2025-11-22T10:15:30.123"},
                {"LocalDate", "2025-11-22"}, {"LocalTime", "10:15:30"}, {"OffsetTime", "10:15:30+01:00"},
                {"OffsetDateTime", "2025-11-22T10:15:30.123+08:00"},
                {"ZonedDateTime", "2025-11-22T10:15:30.123+08:00[Asia/Shanghai]"}, {"ZoneId", "Asia/Shanghai"},
                {"ZoneOffset", "+08:00"}, {"Duration", "PT30S"}, {"Period", "P1M"}, {"Year", "2025"},
                {"YearMonth", "2025-11"}, {"MonthDay", "--02-29"}};
        for (Object[] row : rows) {
            Object value = parse((String) row[0], (String) row[1]);
            System.out.println("| `" + row[0] + "` | `" + row[1] + "` | " + sizes(new SerializerFactory(), value)
                    + " | " + sizes(Hessian.compactFactory(), value) + " |");
        }
    }
}
