package verdict;

/** Not {@code Serializable}: refused unless non-serializable classes are allowed. */
public class NotSerializable {
    public String text = "not serializable";
}
