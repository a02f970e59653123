package io.github.hessiantime;

/** Hex text for golden vectors and the peer protocol; depends on nothing, so old-peer JVMs can load it. */
final class Hex {
    private Hex() {
    }

    static String of(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (byte b : bytes) {
            text.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return text.toString();
    }

    static byte[] parse(String hex) {
        String digits = hex.replaceAll("\\s+", "");
        if (digits.length() % 2 != 0) {
            throw new IllegalArgumentException("odd number of hex digits");
        }
        byte[] bytes = new byte[digits.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
