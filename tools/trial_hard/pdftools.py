import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.backends.backend_pdf import PdfPages
plt.rcParams['pdf.fonttype'] = 42
plt.rcParams['ps.fonttype'] = 42

def write_pdf(path, pages, header, title_meta):
    """pages: list of lists of (style, text). style in {'h1','h2','p','mono','blank'}"""
    with PdfPages(path, metadata={'Title': title_meta, 'Creator': 'matplotlib', 'CreationDate': None}) as pdf:
        n = len(pages)
        for i, lines in enumerate(pages, 1):
            fig = plt.figure(figsize=(8.27, 11.69))
            fig.text(0.08, 0.965, header, fontsize=8, family='DejaVu Sans', color='0.3')
            fig.text(0.92, 0.965, f"Page {i} of {n}", fontsize=8, ha='right', color='0.3')
            y = 0.93
            for style, text in lines:
                if style == 'h1':
                    fig.text(0.08, y, text, fontsize=14, weight='bold'); y -= 0.030
                elif style == 'h2':
                    y -= 0.006
                    fig.text(0.08, y, text, fontsize=11, weight='bold'); y -= 0.024
                elif style == 'p':
                    fig.text(0.08, y, text, fontsize=9.5); y -= 0.0185
                elif style == 'mono':
                    fig.text(0.10, y, text, fontsize=8.6, family='DejaVu Sans Mono'); y -= 0.0175
                elif style == 'blank':
                    y -= 0.012
                if y < 0.04:
                    raise ValueError(f"page {i} overflow")
            pdf.savefig(fig)
            plt.close(fig)
